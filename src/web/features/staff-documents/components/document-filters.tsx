import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import {
  CATEGORY_DEFINITIONS,
  DOCUMENT_CATEGORIES,
  DOCUMENT_STATUSES,
  type DocumentCategory,
  type DocumentStatus,
} from '../../../../shared/documents';
import type { DocumentFilterValues } from '../api/staff-documents';
import { DOCUMENT_STATUS_LABELS } from './staff-document-status';

interface DocumentFiltersProps {
  idPrefix: string;
  value: DocumentFilterValues;
  onChange: (value: DocumentFilterValues) => void;
}

/** Search by patient or file name; filter by category and review status. */
export function DocumentFilters({ idPrefix, value, onChange }: DocumentFiltersProps) {
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <search className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
      <div className="grid grid-cols-1 gap-1.5">
        <Label htmlFor={id('search')}>Search documents</Label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={id('search')}
            type="search"
            className="pl-9"
            placeholder="Patient or file name"
            maxLength={100}
            value={value.search}
            onChange={(e) => onChange({ ...value, search: e.target.value })}
          />
        </div>
      </div>
      <div className="grid grid-cols-1 gap-1.5">
        <Label htmlFor={id('category')}>Category</Label>
        <Select
          id={id('category')}
          value={value.category}
          onChange={(e) =>
            onChange({ ...value, category: e.target.value as DocumentCategory | '' })
          }
        >
          <option value="">All categories</option>
          {DOCUMENT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {CATEGORY_DEFINITIONS[c].name}
            </option>
          ))}
        </Select>
      </div>
      <div className="grid grid-cols-1 gap-1.5">
        <Label htmlFor={id('status')}>Status</Label>
        <Select
          id={id('status')}
          value={value.status}
          onChange={(e) => onChange({ ...value, status: e.target.value as DocumentStatus | '' })}
        >
          <option value="">All statuses</option>
          {DOCUMENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {DOCUMENT_STATUS_LABELS[s]}
            </option>
          ))}
        </Select>
      </div>
    </search>
  );
}

import { AreaTitle } from '@/features/staff-console/area-title';
import { DocumentManagement } from './document-management';

/** /admin/documents (permission `documents`, ruling 2). */
export function AdminDocumentsPage() {
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8">
      <AreaTitle area="documents" />
      <DocumentManagement headingLevel="h1" title="Document Management Center" />
    </div>
  );
}

import { useState } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useMay } from '@/features/admin-dashboard/staff-access';
import { RecordingsTab } from '@/features/video/recordings/recordings-tab';
import { type DocumentFilterValues, EMPTY_FILTERS } from '../api/staff-documents';
import { DocumentCounters } from './document-counters';
import { DocumentsPanel } from './documents-panel';
import { HipaaPanel } from './hipaa-panel';
import { PatientsPanel } from './patients-panel';
import { TranscriptionsPanel } from './transcriptions-panel';

interface DocumentManagementProps {
  /** h1 on its own page (/admin/documents), h2 inside the dashboard tab. */
  headingLevel?: 'h1' | 'h2';
  title?: string;
}

/**
 * The Document Management Center (staff-and-video.md §2): review counters, search and filters,
 * tabs Patient Documents, Consultation Transcriptions and HIPAA Compliance, with the stored
 * documents and the patients list beside them.
 */
export function DocumentManagement({
  headingLevel = 'h2',
  title = 'Document Management',
}: DocumentManagementProps) {
  const may = useMay();
  const [patientFilters, setPatientFilters] = useState<DocumentFilterValues>(EMPTY_FILTERS);
  const [storedFilters, setStoredFilters] = useState<DocumentFilterValues>(EMPTY_FILTERS);
  const Heading = headingLevel;

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="grid grid-cols-1 gap-1">
        <Heading
          className={
            headingLevel === 'h1'
              ? 'text-2xl font-bold text-primary sm:text-3xl'
              : 'text-lg font-semibold'
          }
        >
          {title}
        </Heading>
        <p className="text-sm text-muted-foreground">
          Review what patients upload, download files securely and find a patient&apos;s record.
        </p>
      </div>
      <DocumentCounters />
      <Card>
        <CardContent className="pt-5 sm:pt-6">
          <Tabs defaultValue="patient">
            <TabsList aria-label="Document sections">
              <TabsTrigger value="patient">Patient Documents</TabsTrigger>
              <TabsTrigger value="stored">Stored Documents</TabsTrigger>
              <TabsTrigger value="patients">Patients</TabsTrigger>
              <TabsTrigger value="transcriptions">Consultation Transcriptions</TabsTrigger>
              {may('recordings') && <TabsTrigger value="recordings">Recordings</TabsTrigger>}
              <TabsTrigger value="hipaa">HIPAA Compliance</TabsTrigger>
            </TabsList>
            <TabsContent value="patient">
              <DocumentsPanel
                list="patient-documents"
                filters={patientFilters}
                onFiltersChange={setPatientFilters}
                canReview={may('documents')}
              />
            </TabsContent>
            <TabsContent value="stored">
              <DocumentsPanel
                list="stored-documents"
                filters={storedFilters}
                onFiltersChange={setStoredFilters}
                canReview={false}
              />
            </TabsContent>
            <TabsContent value="patients">
              <PatientsPanel />
            </TabsContent>
            <TabsContent value="transcriptions">
              <TranscriptionsPanel allowed={may('transcriptions')} />
            </TabsContent>
            {may('recordings') && (
              <TabsContent value="recordings">
                <RecordingsTab />
              </TabsContent>
            )}
            <TabsContent value="hipaa">
              <HipaaPanel />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
    </div>
  );
}

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { errorMessage } from '@/lib/api-client';
import { useKeywords } from '../api/keywords';
import { AddKeywordForm } from './add-keyword-form';
import { KeywordRow } from './keyword-row';

// The Keyword Manager tab (ruling 9: built for real): the words the transcription workflow
// looks for when it draws key findings from a consultation's notes.

export function KeywordManager() {
  const keywords = useKeywords();
  return (
    <Card>
      <CardHeader>
        <CardDescription>
          The words and phrases the transcription workflow looks for in consultation notes. Each one
          found is listed among the key findings of transcriptions stored from now on.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <AddKeywordForm />
        {keywords.isPending ? (
          <div className="flex justify-center py-8">
            <Spinner label="Loading keywords" />
          </div>
        ) : keywords.isError ? (
          <div role="alert" className="grid justify-items-start gap-3 py-4">
            <p className="text-sm text-destructive">
              {errorMessage(keywords.error, 'Could not load the keywords.')}
            </p>
            <Button variant="outline" size="sm" onClick={() => keywords.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <Table stacked>
            <TableCaption className="sr-only">Keywords</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>Keyword</TableHead>
                <TableHead>Category</TableHead>
                <TableHead className="hidden sm:table-cell">Added</TableHead>
                <TableHead>Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {keywords.data.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={4} className="py-8 text-center text-muted-foreground">
                    No keywords yet. Add the first one above.
                  </TableCell>
                </TableRow>
              ) : (
                keywords.data.map((keyword) => <KeywordRow key={keyword.id} keyword={keyword} />)
              )}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

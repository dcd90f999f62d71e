import { api } from '@/lib/api/api-client';

export interface ExportRange {
  questionnaireId: string;
  from: string;
  to: string;
  groupId?: string | undefined;
}

/** The file name the server gives in `Content-Disposition`, or one of our own. */
function fileNameOf(response: Response, { from, to }: ExportRange): string {
  const header = response.headers.get('Content-Disposition') ?? '';
  return /filename="?([^";]+)"?/.exec(header)?.[1] ?? `answers-${from}-${to}.csv`;
}

/**
 * Downloads the answers as CSV. Not a plain link: the API takes only the bearer token in a header (no cookie), so
 * the file is fetched with it and handed to the browser as a download.
 */
export async function downloadAnswersCsv(range: ExportRange): Promise<void> {
  const { questionnaireId, from, to, groupId } = range;
  const response = await api.get('api/questionnaire-answers/export', {
    searchParams: { questionnaireId, from, to, ...(groupId ? { groupId } : {}) },
  });
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileNameOf(response, range);
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the file to the browser.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}

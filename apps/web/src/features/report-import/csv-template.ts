import { REPORT_COLUMNS } from '@partner-portal/shared/report-import';

/** The template: the header row and one example line, which the user replaces with their own. */
function reportTemplateCsv(): string {
  const example = [
    '2026-01-31',
    'Acme Travel',
    'Spring sale',
    'search',
    'US',
    'mobile',
    '12000',
    '340',
    '25',
    '1250.00',
    '875.50',
  ];
  return `${REPORT_COLUMNS.join(',')}\r\n${example.join(',')}\r\n`;
}

const TEMPLATE_FILE_NAME = 'report-template.csv';

/** Saves the template through a download link; the object URL is let go once it was clicked. */
export function downloadReportTemplate(): void {
  const url = URL.createObjectURL(new Blob([reportTemplateCsv()], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = TEMPLATE_FILE_NAME;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

import { useTranslation } from 'react-i18next';
import type { ImportProblem } from '@partner-portal/shared/report-import';
import { Banner } from '@/components/ui/banner';

/** Why a file was refused: each line at fault with its field, the first ones if there are many. */
export function ImportProblems({
  message,
  problems,
  total,
}: {
  message: string;
  problems: ImportProblem[];
  total: number;
}) {
  const { t } = useTranslation();
  return (
    <Banner variant="error" title={message}>
      <ul className="grid max-h-72 gap-1 overflow-y-auto" aria-label={t('imports.problems.label')}>
        {problems.map((problem, index) => (
          <li key={`${problem.line}-${problem.field}-${index}`}>
            <span className="font-medium">
              {problem.line > 0
                ? t('imports.problems.where', { line: problem.line, field: problem.field })
                : problem.field}
            </span>{' '}
            {problem.message}
          </li>
        ))}
      </ul>
      {total > problems.length ? (
        <p className="mt-2">{t('imports.problems.more', { count: total - problems.length })}</p>
      ) : null}
    </Banner>
  );
}

import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FileUp } from 'lucide-react';
import { REPORT_IMPORT_MAX_BYTES } from '@partner-portal/shared/report-import';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/**
 * Where a CSV file is chosen: a button that opens the file dialog (keyboard and screen readers),
 * and the same area as a drop target for a file dragged from the desktop.
 */
export function CsvFilePicker({
  onFile,
  disabled = false,
}: {
  onFile: (file: File) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [dragging, setDragging] = useState(false);

  const take = (files: FileList | null) => {
    const file = files?.[0];
    if (file) onFile(file);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) take(event.dataTransfer.files);
  };

  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-dragging={dragging || undefined}
      className={cn(
        'grid place-items-center gap-3 rounded-lg border-2 border-dashed border-border p-6 text-center sm:p-8',
        dragging && 'border-primary bg-primary/5',
      )}
    >
      <FileUp aria-hidden className="size-8 text-muted-foreground" />
      <p id={hintId} className="max-w-prose text-sm text-muted-foreground">
        {t('imports.picker.hint', { size: Math.round(REPORT_IMPORT_MAX_BYTES / (1024 * 1024)) })}
      </p>
      <Button
        type="button"
        variant="outline"
        disabled={disabled}
        aria-describedby={hintId}
        onClick={() => input.current?.click()}
      >
        {t('imports.picker.choose')}
      </Button>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid="csv-file-input"
        onChange={(event) => {
          take(event.target.files);
          // The same file chosen again after a fix must still count as a choice.
          event.target.value = '';
        }}
      />
    </div>
  );
}

import { Input } from '@/components/ui/input';

/**
 * A native file picker whose value is a File[] (empty when nothing is chosen). The MIME
 * allow-list is enforced by the field's schema, not only by `accept`, because the browser
 * dialog lets a user switch to "All files".
 */
export function FileInput({
  onChange,
  ...props
}: {
  id: string;
  name: string;
  accept?: string;
  multiple?: boolean;
  disabled?: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  onChange: (files: File[]) => void;
  onBlur: () => void;
}) {
  return (
    <Input
      {...props}
      type="file"
      onChange={(event) => onChange(event.target.files ? [...event.target.files] : [])}
    />
  );
}

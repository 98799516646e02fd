import { useEffect, useEffectEvent, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useAddressDraft } from './use-address-draft';

/** The search applies once typing pauses, not on every key; Enter applies it at once. */
const TYPING_DELAY_MS = 350;
const SEARCH_MAX_LENGTH = 254;

/** A list's search field: what is typed goes to `onSearch`, trimmed, once typing pauses. */
export function SearchBox({
  id,
  label,
  placeholder,
  value,
  onSearch,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onSearch: (value: string) => void;
}) {
  const { t } = useTranslation();
  const { draft, setDraft, markApplied } = useAddressDraft(value, (text) => text.trim());
  const send = (text: string) => {
    markApplied(text);
    onSearch(text.trim());
  };
  const apply = useEffectEvent(() => send(draft));
  useEffect(() => {
    const timer = setTimeout(apply, TYPING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(draft);
  };
  return (
    <form role="search" aria-label={label} onSubmit={submit} className="grid gap-1.5 sm:max-w-md">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={id}
          type="search"
          value={draft}
          maxLength={SEARCH_MAX_LENGTH}
          placeholder={placeholder}
          onChange={(event) => setDraft(event.target.value)}
          className="pl-9"
          aria-describedby={`${id}-hint`}
        />
      </div>
      <p id={`${id}-hint`} className="sr-only">
        {t('master.search_hint')}
      </p>
    </form>
  );
}

import type { ApiKeyScope } from '@partner-portal/shared/api-key-rules';
import { Badge } from '@/components/ui/badge';

/** A key's scopes as the API names them, wrapping rather than widening the table. */
export function ScopeChips({ scopes }: { scopes: readonly ApiKeyScope[] }) {
  return (
    <ul className="flex max-w-64 flex-wrap gap-1">
      {scopes.map((scope) => (
        <li key={scope}>
          <Badge variant="outline" className="font-mono font-normal">
            {scope}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Search } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/form';
import { Spinner } from '../../../components/ui/spinner';
import { useUserSearch } from '../api/queries';
import { userLabel } from '../model/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

export interface PickedUser {
  userId: string;
  businessName: string | null;
  email: string | null;
}

export interface UserSearchProps {
  value: PickedUser | null;
  onChange: (user: PickedUser | null) => void;
  /** Prefix of the test ids: `<testId>-input`, `-result`, `-selected`, `-change`. */
  testId: string;
  error?: string;
}

/** Finds one user by email or business name (admin.users.list, debounced) and keeps the choice. */
export function UserSearch({ value, onChange, testId, error }: UserSearchProps) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text);
  const query = useUserSearch(value ? '' : search);
  const errorId = `${id}-error`;

  if (value)
    return (
      <div className="flex min-w-0 flex-col gap-1.5">
        <span className="text-sm font-medium">{t('flags.users.selected')}</span>
        <div
          data-testid={`${testId}-selected`}
          className="flex min-w-0 items-center justify-between gap-2 rounded-md border border-neutral-300 px-3 py-2 text-sm dark:border-neutral-700"
        >
          <span className="min-w-0 truncate">{userLabel(value)}</span>
          <Button
            variant="ghost"
            size="sm"
            data-testid={`${testId}-change`}
            onClick={() => {
              setText('');
              onChange(null);
            }}
          >
            {t('flags.users.change')}
          </Button>
        </div>
      </div>
    );

  const term = search.trim();
  const users = term ? (query.data ?? []) : [];
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-neutral-800 dark:text-neutral-200">
        {t('flags.users.search')}
      </label>
      <div className="relative">
        <Search aria-hidden="true" className="absolute top-3 left-3 h-4 w-4 text-neutral-400" />
        <Input
          id={id}
          type="search"
          autoComplete="off"
          data-testid={`${testId}-input`}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="pl-9"
        />
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <div aria-live="polite" className="min-w-0">
        {term && query.isFetching && !query.data ? (
          <p role="status" className="flex items-center gap-2 text-xs text-neutral-500">
            <Spinner className="h-4 w-4 border-2" />
            {t('flags.users.searching')}
          </p>
        ) : term && query.isError ? (
          <p role="alert" className="text-xs text-red-600 dark:text-red-400">
            {t('flags.users.error')}
          </p>
        ) : term && query.isSuccess && users.length === 0 ? (
          <p className="text-xs text-neutral-500">{t('flags.users.none')}</p>
        ) : users.length > 0 ? (
          <ul
            aria-label={t('flags.users.results')}
            className="flex max-h-48 flex-col gap-1 overflow-y-auto rounded-md border border-neutral-200 p-1 dark:border-neutral-800"
          >
            {users.map((user) => (
              <li key={user.userId} className="min-w-0">
                <button
                  type="button"
                  data-testid={`${testId}-result`}
                  aria-label={t('flags.users.pick', { user: userLabel(user) })}
                  onClick={() => onChange(user)}
                  className="flex w-full min-w-0 flex-col items-start rounded px-2 py-1.5 text-left text-sm hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-orange-500 dark:hover:bg-neutral-800"
                >
                  <span className="w-full truncate font-medium">
                    {user.businessName || t('flags.users.noName')}
                  </span>
                  <span className="w-full truncate text-xs text-neutral-500">{user.email}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}

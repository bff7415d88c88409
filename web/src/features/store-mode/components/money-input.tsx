import { useEffect, useState } from 'react';
import { toCents } from '@sneakers/shared/money';
import { Input } from '../../../components/ui/form';

/** An amount typed in the currency's main unit (`12.50`), kept as cents; a blank or bad entry is 0. */
export function MoneyInput({
  cents,
  onChange,
  label,
  testId,
}: {
  cents: number;
  onChange: (cents: number) => void;
  label: string;
  testId?: string;
}) {
  const [text, setText] = useState((cents / 100).toFixed(2));
  useEffect(
    () => setText((current) => (safeCents(current) === cents ? current : (cents / 100).toFixed(2))),
    [cents],
  );
  return (
    <Input
      value={text}
      inputMode="decimal"
      aria-label={label}
      data-testid={testId}
      className="w-24 text-right"
      onChange={(e) => {
        setText(e.target.value);
        onChange(safeCents(e.target.value));
      }}
    />
  );
}

function safeCents(text: string): number {
  try {
    const value = toCents(text);
    return Number.isFinite(value) && value >= 0 ? value : 0;
  } catch {
    return 0;
  }
}

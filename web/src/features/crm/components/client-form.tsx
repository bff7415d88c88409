import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError, type Client, type ClientCreate } from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input } from '../../../components/ui/form';
import { useSaveClient } from '../api/queries';
import { validateClientRow } from '../model/csv';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';

type ClientField = 'name' | 'email' | 'phone' | 'instagramHandle';
type Errors = Partial<Record<ClientField, string>>;

const FIELD_ERROR_KEYS: Record<ClientField, string> = {
  name: 'clients.form.errors.name',
  email: 'clients.form.errors.email',
  phone: 'clients.form.errors.phone',
  instagramHandle: 'clients.form.errors.instagram',
};

function isClientField(key: string): key is ClientField {
  return key in FIELD_ERROR_KEYS;
}

export interface ClientFormProps {
  client?: Client;
  onSaved: (client: Client) => void;
  onCancel: () => void;
}

/** The client form: name, email, phone required; valid email; instagram optional (docs/product/clients-and-bookings.md#client-form). */
export function ClientForm({ client, onSaved, onCancel }: ClientFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSaveClient(client?.id);
  const [values, setValues] = useState({
    name: client?.name ?? '',
    email: client?.email ?? '',
    phone: client?.phone ?? '',
    instagramHandle: client?.instagramHandle ? `@${client.instagramHandle}` : '',
  });
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog may be portaled out of another form: its submit must not reach that one.
    event.stopPropagation();
    const body: ClientCreate = {
      name: values.name,
      email: values.email,
      phone: values.phone,
      instagramHandle: values.instagramHandle.trim() === '' ? null : values.instagramHandle,
    };
    const found = validateClientRow(body);
    const local: Errors = {};
    for (const key of Object.keys(found)) if (isClientField(key)) local[key] = t(FIELD_ERROR_KEYS[key]);
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    save.mutate(body, {
      onSuccess: (saved) => {
        toast.success(t(client ? 'clients.toast.updated' : 'clients.toast.created'));
        onSaved(saved);
      },
      onError: (error) => {
        if (isDemoRefusal(error)) return;
        if (error instanceof ApiError && error.code === 'CLIENT_EMAIL_TAKEN') {
          setErrors({ email: t('clients.form.errors.emailTaken') });
        } else if (error instanceof ApiError && error.fields) {
          const server: Errors = {};
          for (const [key, messages] of Object.entries(error.fields))
            if (isClientField(key) && messages[0]) server[key] = messages[0];
          setErrors(server);
        }
        toast.error(t('clients.toast.errorTitle'), {
          description: t(client ? 'clients.toast.updateError' : 'clients.toast.createError'),
        });
      },
    });
  };

  const field = (key: ClientField, label: string, props: { type?: string; placeholder?: string } = {}) => (
    <Field id={`${id}-${key}`} label={label} error={errors[key]}>
      <Input
        id={`${id}-${key}`}
        data-testid={`client-form-${key}`}
        value={values[key]}
        onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
        aria-invalid={Boolean(errors[key])}
        aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
        {...props}
      />
    </Field>
  );

  return (
    <form onSubmit={submit} noValidate data-testid="client-form" className="flex flex-col gap-4">
      {field('name', `${t('clients.form.name')} *`, { type: 'text' })}
      {field('email', `${t('clients.form.email')} *`, { type: 'email' })}
      {field('phone', `${t('clients.form.phone')} *`, { type: 'tel' })}
      {field('instagramHandle', t('clients.form.instagram'), { placeholder: '@username' })}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" data-testid="client-form-submit" disabled={save.isPending}>
          {save.isPending ? t('clients.form.saving') : t('clients.form.save')}
        </Button>
      </div>
    </form>
  );
}

export interface ClientFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  client?: Client;
  onSaved?: (client: Client) => void;
}

export function ClientFormDialog({ open, onOpenChange, client, onSaved }: ClientFormDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(client ? 'clients.editTitle' : 'clients.newTitle')}
      closeLabel={t('common.close')}
      testId="client-dialog"
    >
      <ClientForm
        client={client}
        onCancel={() => onOpenChange(false)}
        onSaved={(saved) => {
          onOpenChange(false);
          onSaved?.(saved);
        }}
      />
    </Dialog>
  );
}

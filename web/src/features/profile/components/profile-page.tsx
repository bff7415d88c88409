import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ArrowLeft, CreditCard } from 'lucide-react';
import { ApiError, type ProfileUpdate, type UserProfile } from '@sneakers/shared';
import { Badge } from '../../../components/ui/badge';
import { BILLING_PATH } from '../../../lib/billing/subscription-required';
import { DEMO_TOAST_ID } from '../../../lib/demo/demo-refusal';
import { Button } from '../../../components/ui/button';
import { Card, Field, Input, Select } from '../../../components/ui/form';
import { formatDate, formatPlanPrice, subscriptionLabel, trialDaysLeft } from '../model/subscription';
import {
  firstInvalid,
  problemsFromFields,
  validateProfileUpdate,
  type ProfileField,
  type ProfileProblems,
} from '../model/validation';

/** Preferred contact choices on the profile page (docs/product/profile-and-settings.md#form). */
export const PROFILE_CONTACTS = ['whatsapp', 'email', 'instagram'] as const;

type ProfileFields = Pick<
  UserProfile,
  'businessName' | 'contactEmail' | 'phone' | 'preferredContact' | 'location'
> & { instagramHandle: string };

function fieldsOf(profile: UserProfile): ProfileFields {
  return {
    businessName: profile.businessName,
    contactEmail: profile.contactEmail,
    phone: profile.phone,
    preferredContact: profile.preferredContact,
    instagramHandle: profile.instagramHandle ?? '',
    location: profile.location,
  };
}

export interface ProfilePageProps {
  profile: UserProfile;
  /** Demo users see the page but cannot save. */
  isDemo: boolean;
  onSave: (update: ProfileUpdate) => Promise<UserProfile>;
  onAvatar?: (file: File) => Promise<void>;
  /** Manage Billing: the provider's portal (or the billing section); without it, a link to the section. */
  manageBilling?: { open: () => void; pending: boolean };
  now?: Date;
}

/** /profile: the profile form, role and status, and the subscription card. */
export function ProfilePage({ profile, isDemo, onSave, onAvatar, manageBilling, now }: ProfilePageProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const [fields, setFields] = useState<ProfileFields>(() => fieldsOf(profile));
  const [saving, setSaving] = useState(false);
  const ids = {
    businessName: useId(),
    contactEmail: useId(),
    phone: useId(),
    preferredContact: useId(),
    instagramHandle: useId(),
    location: useId(),
    avatar: useId(),
  };
  const [problems, setProblems] = useState<ProfileProblems>({});
  const update = (patch: Partial<ProfileFields>) => {
    setFields((current) => ({ ...current, ...patch }));
    setProblems((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as ProfileField];
      return next;
    });
  };

  const showProblems = (found: ProfileProblems) => {
    setProblems(found);
    const first = firstInvalid(found);
    // After React has rendered the messages, so the field is announced with its error.
    if (first) requestAnimationFrame(() => document.getElementById(ids[first])?.focus());
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isDemo) {
      toast.error(t('profile.toast.demoMode'), { id: DEMO_TOAST_ID });
      return;
    }
    const body: ProfileUpdate = {
      businessName: fields.businessName,
      contactEmail: fields.contactEmail,
      phone: fields.phone,
      preferredContact: fields.preferredContact,
      instagramHandle: fields.instagramHandle.trim() ? fields.instagramHandle.trim() : null,
      location: fields.location,
    };
    const found = validateProfileUpdate(body);
    if (firstInvalid(found)) {
      showProblems(found);
      return;
    }
    setSaving(true);
    try {
      const saved = await onSave(body);
      setFields(fieldsOf(saved));
      setProblems({});
      toast.success(t('profile.toast.success'));
    } catch (error) {
      console.error('Profile update failed', error);
      const server = error instanceof ApiError && error.fields ? problemsFromFields(error.fields) : {};
      if (firstInvalid(server)) showProblems(server);
      toast.error(t('profile.toast.error'));
    } finally {
      setSaving(false);
    }
  };

  /** A field's error (at the field) and the attributes that tie its control to it. */
  const problem = (field: ProfileField) => {
    const found = problems[field];
    return {
      error: found ? t(found.key, found.values) : undefined,
      control: {
        'aria-invalid': found ? true : undefined,
        'aria-describedby': found ? `${ids[field]}-error` : undefined,
      },
    };
  };

  const days = trialDaysLeft(profile.trialEndsAt, now);
  const status = subscriptionLabel(profile.subscriptionStatus, days);
  const initial = profile.businessName.trim().charAt(0).toUpperCase() || '?';

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 p-4 sm:p-8">
      <div>
        <Button asChild variant="ghost">
          <Link to="/" data-testid="profile-back">
            <ArrowLeft aria-hidden="true" className="h-4 w-4" />
            {t('profile.back')}
          </Link>
        </Button>
      </div>
      <h1 className="text-2xl font-bold tracking-tight">{t('profile.title')}</h1>
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
            <h2 className="text-lg font-semibold">{t('profile.formTitle')}</h2>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                id={ids.businessName}
                label={t('profile.fields.businessName')}
                error={problem('businessName').error}
              >
                <Input
                  id={ids.businessName}
                  {...problem('businessName').control}
                  data-testid="profile-business-name"
                  value={fields.businessName}
                  onChange={(event) => update({ businessName: event.target.value })}
                />
              </Field>
              <Field
                id={ids.contactEmail}
                label={t('profile.fields.contactEmail')}
                error={problem('contactEmail').error}
              >
                <Input
                  id={ids.contactEmail}
                  type="email"
                  {...problem('contactEmail').control}
                  data-testid="profile-contact-email"
                  value={fields.contactEmail}
                  onChange={(event) => update({ contactEmail: event.target.value })}
                />
              </Field>
              <Field id={ids.phone} label={t('profile.fields.phone')} error={problem('phone').error}>
                <Input
                  id={ids.phone}
                  type="tel"
                  {...problem('phone').control}
                  data-testid="profile-phone"
                  value={fields.phone}
                  onChange={(event) => update({ phone: event.target.value })}
                />
              </Field>
              <Field
                id={ids.preferredContact}
                label={t('profile.fields.preferredContact')}
                error={problem('preferredContact').error}
              >
                <Select
                  id={ids.preferredContact}
                  {...problem('preferredContact').control}
                  data-testid="profile-preferred-contact"
                  value={fields.preferredContact}
                  onChange={(event) =>
                    update({ preferredContact: event.target.value as ProfileFields['preferredContact'] })
                  }
                >
                  {!(PROFILE_CONTACTS as readonly string[]).includes(fields.preferredContact) ? (
                    <option value={fields.preferredContact}>
                      {t(`contacts.${fields.preferredContact}`)}
                    </option>
                  ) : null}
                  {PROFILE_CONTACTS.map((id) => (
                    <option key={id} value={id}>
                      {t(`contacts.${id}`)}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field
                id={ids.instagramHandle}
                label={t('profile.fields.instagram')}
                error={problem('instagramHandle').error}
              >
                <Input
                  id={ids.instagramHandle}
                  {...problem('instagramHandle').control}
                  data-testid="profile-instagram"
                  placeholder="@username"
                  value={fields.instagramHandle}
                  onChange={(event) => update({ instagramHandle: event.target.value })}
                />
              </Field>
              <Field id={ids.location} label={t('profile.fields.location')} error={problem('location').error}>
                <Input
                  id={ids.location}
                  {...problem('location').control}
                  data-testid="profile-location"
                  value={fields.location}
                  onChange={(event) => update({ location: event.target.value })}
                />
              </Field>
            </div>
            <div className="flex justify-end">
              <Button type="submit" data-testid="profile-save" disabled={saving}>
                {t(saving ? 'profile.saving' : 'profile.save')}
              </Button>
            </div>
          </form>
        </Card>

        <div className="flex flex-col gap-6">
          <Card className="flex flex-col items-center gap-3 text-center">
            {profile.avatarUrl ? (
              <img
                src={profile.avatarUrl}
                alt={t('profile.avatarAlt')}
                data-testid="profile-avatar"
                className="h-20 w-20 rounded-full object-cover"
              />
            ) : (
              <span
                data-testid="profile-avatar"
                aria-hidden="true"
                className="grid h-20 w-20 place-items-center rounded-full bg-orange-600 text-2xl font-bold text-white"
              >
                {initial}
              </span>
            )}
            {onAvatar && !isDemo ? (
              <label
                htmlFor={ids.avatar}
                className="cursor-pointer text-sm font-medium text-orange-700 hover:underline dark:text-orange-400"
              >
                {t('profile.changeAvatar')}
                <input
                  id={ids.avatar}
                  type="file"
                  accept="image/*"
                  className="sr-only"
                  data-testid="profile-avatar-input"
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    event.target.value = '';
                    if (file) void onAvatar(file);
                  }}
                />
              </label>
            ) : null}
            <p className="max-w-full font-semibold wrap-anywhere">{profile.businessName}</p>
            <div className="flex flex-wrap justify-center gap-2">
              <Badge tone={profile.role === 'store' ? 'blue' : 'purple'} data-testid="profile-role">
                {t(`roles.${profile.role}`)}
              </Badge>
              <Badge tone="orange" data-testid="profile-status">
                {t(`profile.statusBadge.${profile.subscriptionStatus}`)}
              </Badge>
            </div>
          </Card>

          <Card data-testid="subscription-card" className="flex flex-col gap-3">
            <h2 className="inline-flex items-center gap-2 text-lg font-semibold">
              <CreditCard aria-hidden="true" className="h-5 w-5 text-orange-600" />
              {t('profile.subscription.title')}
            </h2>
            <p data-testid="subscription-plan" className="text-sm text-neutral-600 dark:text-neutral-400">
              {t(`profile.subscription.plan.${profile.role}`)}
            </p>
            <p data-testid="subscription-price" className="text-2xl font-bold">
              {t('profile.subscription.perMonth', { price: formatPlanPrice(profile.role, locale) })}
            </p>
            <p data-testid="subscription-status" className="text-sm font-medium">
              {t(status.key, status.values)}
            </p>
            {profile.subscriptionStatus === 'trial' ? (
              <p data-testid="trial-ends" className="text-sm text-neutral-600 dark:text-neutral-400">
                {t('profile.subscription.trialEnds', { date: formatDate(profile.trialEndsAt, locale) })}
              </p>
            ) : null}
            {isDemo || manageBilling ? (
              <Button
                variant="outline"
                data-testid="manage-billing"
                disabled={manageBilling?.pending}
                aria-busy={manageBilling?.pending}
                onClick={() => {
                  // Demo mode asks the API nothing (docs/product/demo-mode.md#demo-toast).
                  if (isDemo) toast.error(t('profile.toast.demoMode'), { id: DEMO_TOAST_ID });
                  else manageBilling?.open();
                }}
              >
                {t(
                  manageBilling?.pending
                    ? 'profile.subscription.opening'
                    : 'profile.subscription.manageBilling',
                )}
              </Button>
            ) : (
              <Button asChild variant="outline">
                <Link to={BILLING_PATH} data-testid="manage-billing">
                  {t('profile.subscription.manageBilling')}
                </Link>
              </Button>
            )}
          </Card>
        </div>
      </div>
    </div>
  );
}

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, Input, Select } from '../../../components/ui/form';
import { COUNTRIES, countryName } from '../model/countries';
import {
  ONBOARDING_CONTACTS,
  ONBOARDING_CURRENCIES,
  ONBOARDING_LANGUAGES,
  type OnboardingForm,
} from '../model/form';
import { AvatarPicker } from './avatar-picker';
import { CountryFlag } from './country-flag';
import type { StepProps } from './use-onboarding-wizard';

/** The public profile: picture, name, contact details, currency and language. */
export function ProfileStep({ form, update }: StepProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const ids = {
    name: useId(),
    contactEmail: useId(),
    phone: useId(),
    location: useId(),
    instagram: useId(),
    discord: useId(),
    preferred: useId(),
    currency: useId(),
    language: useId(),
  };
  const nameLabel = t(
    form.userType === 'store' ? 'onboarding.fields.businessName' : 'onboarding.fields.name',
  );
  return (
    <div className="flex flex-col gap-4">
      <AvatarPicker form={form} update={update} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={ids.name} label={`${nameLabel} *`}>
          <Input
            id={ids.name}
            required
            data-testid="onboarding-name"
            value={form.name}
            onChange={(event) => update({ name: event.target.value })}
          />
        </Field>
        <Field id={ids.contactEmail} label={`${t('onboarding.fields.contactEmail')} *`}>
          <Input
            id={ids.contactEmail}
            type="email"
            required
            data-testid="onboarding-contact-email"
            value={form.contactEmail}
            onChange={(event) => update({ contactEmail: event.target.value })}
          />
        </Field>
        <Field id={ids.phone} label={`${t('onboarding.fields.phone')} *`}>
          <div className="flex gap-2">
            {/* A native select (keyboard, type-ahead, the phone's own picker) cannot show
                images in its options: the chosen country's flag is drawn inside it. */}
            <div className="relative w-36 shrink-0">
              <CountryFlag
                code={form.phoneCountry}
                className="pointer-events-none absolute top-1/2 left-2.5 -translate-y-1/2"
              />
              <Select
                aria-label={t('onboarding.fields.phonePrefix')}
                data-testid="onboarding-phone-country"
                value={form.phoneCountry}
                onChange={(event) => update({ phoneCountry: event.target.value })}
                className="pl-10"
              >
                {COUNTRIES.map((country) => (
                  <option key={country.code} value={country.code}>
                    {`${country.dial} ${countryName(country, language)}`}
                  </option>
                ))}
              </Select>
            </div>
            <Input
              id={ids.phone}
              type="tel"
              required
              autoComplete="tel-national"
              data-testid="onboarding-phone"
              value={form.phone}
              onChange={(event) => update({ phone: event.target.value })}
            />
          </div>
        </Field>
        <Field id={ids.location} label={`${t('onboarding.fields.location')} *`}>
          <Input
            id={ids.location}
            required
            data-testid="onboarding-location"
            placeholder={t('onboarding.fields.locationPlaceholder')}
            value={form.location}
            onChange={(event) => update({ location: event.target.value })}
          />
        </Field>
        <Field id={ids.instagram} label={t('onboarding.fields.instagram')}>
          <Input
            id={ids.instagram}
            data-testid="onboarding-instagram"
            placeholder="@username"
            value={form.instagram}
            onChange={(event) => update({ instagram: event.target.value })}
          />
        </Field>
        <Field id={ids.discord} label={t('onboarding.fields.discord')}>
          <Input
            id={ids.discord}
            data-testid="onboarding-discord"
            value={form.discord}
            onChange={(event) => update({ discord: event.target.value })}
          />
        </Field>
        <Field id={ids.preferred} label={t('onboarding.fields.preferredContact')}>
          <Select
            id={ids.preferred}
            data-testid="onboarding-preferred-contact"
            value={form.preferredContact}
            onChange={(event) =>
              update({ preferredContact: event.target.value as OnboardingForm['preferredContact'] })
            }
          >
            {ONBOARDING_CONTACTS.map((id) => (
              <option key={id} value={id}>
                {t(`contacts.${id}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={ids.currency} label={t('onboarding.fields.currency')}>
          <Select
            id={ids.currency}
            data-testid="onboarding-currency"
            value={form.currency}
            onChange={(event) => update({ currency: event.target.value as OnboardingForm['currency'] })}
          >
            {ONBOARDING_CURRENCIES.map((id) => (
              <option key={id} value={id}>
                {id}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={ids.language} label={t('onboarding.fields.language')}>
          <Select
            id={ids.language}
            data-testid="onboarding-language"
            value={form.language}
            onChange={(event) => update({ language: event.target.value as OnboardingForm['language'] })}
          >
            {ONBOARDING_LANGUAGES.map((id) => (
              <option key={id} value={id}>
                {t(`language.names.${id}`)}
              </option>
            ))}
          </Select>
        </Field>
      </div>
    </div>
  );
}

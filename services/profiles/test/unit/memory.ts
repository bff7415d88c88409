import { fixedClock } from '@sneakers/shared/clock';
import type { ProfileCreate } from '@sneakers/shared/contracts/profiles';
import type { OutgoingEmail } from '@sneakers/shared/email/mailer';
import type { AvatarDeps } from '../../src/avatars/ports';
import type { ResetDeps, ResetRecord } from '../../src/password-reset/ports';
import type { ProfileCreatedEvent, ProfileRecord } from '../../src/profiles/ports';

/** A store's onboarding form, in Spanish. */
export const kicksMadrid: ProfileCreate = {
  role: 'store',
  businessName: 'Kicks Madrid',
  contactEmail: 'hola@kicks.example',
  phone: '+34 600111222',
  location: 'Madrid, Spain',
  instagramHandle: '',
  preferredContact: 'email',
  currency: 'EUR',
  language: 'es',
  publicWtbList: true,
  publicWtsList: false,
};

/** In-memory implementations of the domain's ports, with the same semantics as the store. */
export function memoryDeps(at = '2026-11-22T10:00:00Z') {
  const clock = fixedClock(at);
  const profiles = new Map<string, ProfileRecord>();
  const objects = new Set<string>();
  const resets = new Map<string, ResetRecord>();
  const slots = new Map<string, number>();
  const sent: OutgoingEmail[] = [];
  const passwords = new Map<string, string>();
  const events: ProfileCreatedEvent[] = [];
  const users = new Map([
    ['ana@example.com', { username: 'ana@example.com', userId: 'user-ana', email: 'ana@example.com' }],
  ]);
  let tokens = 0;

  const deps: AvatarDeps & ResetDeps = {
    clock,
    profiles: {
      get: async (userId) => structuredClone(profiles.get(userId) ?? null),
      create: async (p, event) => {
        if (profiles.has(p.userId)) return false;
        profiles.set(p.userId, structuredClone(p));
        if (event) events.push(event);
        return true;
      },
      update: async (userId, changes, updatedAt) => {
        const current = profiles.get(userId);
        if (!current) return null;
        const next = { ...current, ...changes, updatedAt };
        profiles.set(userId, next);
        return structuredClone(next);
      },
    },
    storage: {
      presignPut: async ({ key, contentType, cacheControl }) => ({
        url: `https://uploads.example/${key}?signed`,
        headers: { 'Content-Type': contentType, 'Cache-Control': cacheControl },
      }),
      exists: async (key) => objects.has(key),
      publicUrl: (key) => `https://media.example/${key}`,
    },
    resets: {
      create: async (r) => void resets.set(r.tokenHash, { ...r }),
      get: async (h) => (resets.has(h) ? { ...resets.get(h)! } : null),
      claim: async (h, now) => {
        const r = resets.get(h);
        if (!r || r.usedAt || r.expiresAt <= now) return false;
        r.usedAt = now;
        return true;
      },
      release: async (h, usedAt) => {
        const r = resets.get(h);
        if (r?.usedAt === usedAt) r.usedAt = null;
      },
    },
    limiter: {
      take: async (bucket, { limit, windowMs }, now) => {
        for (let slot = 0; slot < limit; slot++) {
          const taken = slots.get(`${bucket}#${slot}`);
          if (taken === undefined || taken <= now.getTime() - windowMs) {
            slots.set(`${bucket}#${slot}`, now.getTime());
            return { bucket, slot, takenAt: now.getTime() };
          }
        }
        return null;
      },
      release: async ({ bucket, slot, takenAt }) => {
        if (slots.get(`${bucket}#${slot}`) === takenAt) slots.delete(`${bucket}#${slot}`);
      },
    },
    directory: {
      findByEmail: async (email) => users.get(email) ?? null,
      setPassword: async (username, password) => void passwords.set(username, password),
    },
    mailer: { send: async (m) => void sent.push(m) },
    newToken: () => `token-${String(++tokens).padStart(20, '0')}`,
    appUrl: 'https://app.example',
    log: { warn: () => undefined },
  };
  return { deps, clock, profiles, objects, resets, sent, passwords, users, events };
}

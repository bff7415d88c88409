import { describe, expect, it } from 'vitest';
import { buildEvent, detailTypes, settingsChanged } from '../src';

describe('versioned events', () => {
  it('names the schema after the detail-type and version', () => {
    expect(settingsChanged.schema).toBe('settings-changed.v1');
    expect(settingsChanged.source).toBe('sneakers.settings');
    expect(detailTypes).toContain('Settings.Changed');
  });

  it('validates data when the event is built and when it is read', () => {
    expect(() =>
      buildEvent(
        settingsChanged,
        { setting: 'nope' as 'signup', changedBy: 'x' },
        { eventId: '1', occurredAt: 'now' },
      ),
    ).toThrow();
    const event = buildEvent(
      settingsChanged,
      { setting: 'signup', changedBy: 'x' },
      { eventId: '1', occurredAt: 'now' },
    );
    expect(settingsChanged.detail.parse(JSON.parse(JSON.stringify(event.detail)))).toEqual(event.detail);
  });
});

import { describe, expect, it } from 'vitest';
import { viewDrift } from '@sneakers/shared/views/drift';
import { ratingSummaryView } from '@sneakers/shared/views/rating-summary-view';
import { ratingSummaryEntity } from '../../src/ratings/rating-summary-entity';

describe('the shared read-only rating summary view', () => {
  it('reads the rows this service owns exactly as they are written', () => {
    expect(viewDrift(ratingSummaryView, ratingSummaryEntity)).toEqual([]);
    expect(ratingSummaryView.key({ userId: 'User-A' })).toEqual(
      ratingSummaryEntity.key({ userId: 'User-A' }),
    );
  });
});

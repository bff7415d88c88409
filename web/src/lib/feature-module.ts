import type { PreloadableComponent } from './lazy';
import type { DashboardDetail, DetailKind, SectionId } from './sections';

/**
 * How a feature plugs into the dashboard without importing it: each feature exports one
 * FeatureModule from its root `sections.ts` (lazy screens only, so importing it loads no
 * feature code), and the dashboard composes the list in
 * `app/dashboard/section-screens.ts`. A section no module claims shows the
 * "not available yet" screen.
 */
export interface SectionScreenProps {
  section: SectionId;
  /** A `/dashboard/<segment>/<id>` detail page of this section, when one is open. */
  detail?: DashboardDetail;
  businessName: string;
}

export type SectionScreen = PreloadableComponent<SectionScreenProps>;

export interface FeatureModule {
  /** A stable name, for tests and errors. */
  name: string;
  /** The dashboard sections this feature renders. */
  sections: Partial<Record<SectionId, SectionScreen>>;
  /**
   * The detail pages it renders: each opens in its section's screen, which gets `detail`.
   * A detail kind the section's module does not list opens the pending screen.
   */
  details?: readonly DetailKind[];
}

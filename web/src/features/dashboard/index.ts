export { DashboardShell, type DashboardShellProps } from './components/dashboard-shell';
export {
  resolveDashboardLocation,
  sectionHref,
  toSectionId,
  SECTION_IDS,
  type SectionId,
} from '../../lib/sections';
export { sectionsHiddenFor, type NavViewer } from './model/navigation';

/**
 * The sidebar's sections without the shell's components: what the browser journeys
 * (tests/e2e/a11y-support.ts) walk, so a section added to the sidebar is checked at once.
 */
export { NAV_GROUPS, sectionsHiddenFor, visibleNavGroups, type NavViewer } from './model/navigation';

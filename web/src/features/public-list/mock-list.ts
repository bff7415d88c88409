// The sample list of /mock-shareable-list, also the fixture of the share entry's tests.
export { MOCK_ITEMS_RAW, MOCK_OWNER } from './model/mock-list';

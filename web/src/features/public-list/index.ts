// The share shell's entry (statically in share.html's bundle): the list screen, its strings
// and the first-page request it starts before this code arrives.
export { PublicListScreen, type PublicListScreenProps } from './components/public-list-screen';
export { firstPublicPageUrl, publicPageSize, PUBLIC_FIRST_PAGE_SIZE, PUBLIC_PAGE_SIZE } from './model/paging';
export { publicListStrings } from './i18n/strings';

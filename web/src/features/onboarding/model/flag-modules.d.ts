// country-flag-icons ships one module per flag (an SVG string) without a type file for each.
declare module 'country-flag-icons/string/3x2/*' {
  const svg: string;
  export default svg;
}

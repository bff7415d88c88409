// The catalogue picker's entry for other features (lists, CRM): features meet only at
// root-level files (docs/adr/0005-platform-guard-rails.md). Importing this loads neither the
// picker's code nor its strings until a form renders it.
export * from './picker';

/** Saves text as a file the browser downloads: the sales export, the clients export, store mode's day. */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8') {
  // jsdom (the web tests) has no object URLs.
  if (typeof URL.createObjectURL !== 'function') return;
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

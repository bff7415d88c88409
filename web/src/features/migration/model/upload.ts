const FORBIDDEN_HEADERS = new Set(['content-length', 'host', 'connection']);

/**
 * PUTs the file to the presigned S3 URL. XMLHttpRequest, not fetch: fetch reports no upload
 * progress, and a 25 MB file on a phone needs its progress bar.
 */
export function uploadFile(
  url: string,
  headers: Record<string, string>,
  file: Blob,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [name, value] of Object.entries(headers)) {
      // The browser sets these itself (a signed Content-Length is the file's own size).
      if (!FORBIDDEN_HEADERS.has(name.toLowerCase())) xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300
        ? (onProgress(1), resolve())
        : reject(new Error(`Upload failed (${xhr.status})`));
    xhr.onerror = () => reject(new Error('Upload failed'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/** The content type S3 is told (a browser gives none for some CSVs). */
export function contentTypeOf(file: File): string {
  if (file.type) return file.type;
  return /\.xlsx$/i.test(file.name)
    ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
    : 'text/csv';
}

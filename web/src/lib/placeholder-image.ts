/** What an item or product shows without a picture (a grey 4:3 box), inline so it never fails to load. */
export const PLACEHOLDER_IMAGE =
  'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 viewBox=%220 0 4 3%22%3E%3Crect width=%224%22 height=%223%22 fill=%22%23e5e5e5%22/%3E%3C/svg%3E';

/** An `<img>`'s onError: a catalogue or typed address that fails shows the placeholder, not a broken image. */
export function showPlaceholder(event: { currentTarget: HTMLImageElement }): void {
  if (event.currentTarget.getAttribute('src') !== PLACEHOLDER_IMAGE)
    event.currentTarget.src = PLACEHOLDER_IMAGE;
}

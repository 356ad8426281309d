/**
 * Starts the browser's download of a signed HD image URL (good for one download). An object with one
 * method, like `gatewayNavigation`, so tests at the page level can see the download start.
 */
export const hdDownload = {
  start(url: string): void {
    const link = document.createElement('a');
    link.href = url;
    link.download = '';
    link.rel = 'noopener';
    document.body.appendChild(link);
    link.click();
    link.remove();
  },
};

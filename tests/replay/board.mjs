// board.mjs — what the browser tests of the pages and the playground share:
// how much of the page's board canvas (#board) is painted.
export function boardPixels(page) {
  return page.evaluate(() => {
    const c = document.getElementById('board');
    if (!c.width || !c.height) return 0;
    const px = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let on = 0;
    for (let i = 3; i < px.length; i += 4) if (px[i]) on++;
    return on;
  });
}

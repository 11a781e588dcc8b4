// A camera photo drawn from a fixed seed, for the measurements of service request photos (issue 28):
// a field under a sky (clouds, crop rows to the horizon, soil, the grain of a sensor), saved as a
// phone saves it (JPEG at 0.92). The same seed gives the same bytes in the same Chromium.
// `fieldPhoto` runs in the page (page.evaluate): it takes nothing from this module's scope.

/** A phone's 12-megapixel photo. */
export const TWELVE_MEGAPIXELS = { width: 4000, height: 3000, seed: 28 };

/** In the page: the photo as a JPEG Blob. */
export async function fieldPhoto({ width, height, seed }) {
  // mulberry32: the same numbers from the same seed.
  let state = seed;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const canvas = new OffscreenCanvas(width, height);
  const g = canvas.getContext("2d");
  const sky = g.createLinearGradient(0, 0, 0, height * 0.4);
  sky.addColorStop(0, "#6f9fd8");
  sky.addColorStop(1, "#dfe9f2");
  g.fillStyle = sky;
  g.fillRect(0, 0, width, height * 0.4);
  for (let i = 0; i < 300; i++) {
    g.fillStyle = `rgba(255, 255, 255, ${0.05 + random() * 0.2})`;
    g.beginPath();
    g.ellipse(random() * width, random() * height * 0.35, 40 + random() * 220, 15 + random() * 60, 0, 0, 2 * Math.PI);
    g.fill();
  }
  g.fillStyle = "#6b5434";
  g.fillRect(0, height * 0.4, width, height * 0.6);
  // Crop rows running to the horizon, each a run of small leaves.
  for (let row = 0; row < 90; row++) {
    const y = height * 0.4 + (row / 90) ** 1.6 * height * 0.6;
    const size = 3 + (row / 90) * 40;
    for (let x = random() * size; x < width; x += size * (0.6 + random() * 0.8)) {
      g.fillStyle = `hsl(${80 + random() * 40}, ${35 + random() * 30}%, ${18 + random() * 30}%)`;
      g.beginPath();
      g.ellipse(
        x,
        y + (random() - 0.5) * size,
        size * (0.4 + random() * 0.6),
        size * (0.2 + random() * 0.3),
        random() * Math.PI,
        0,
        2 * Math.PI,
      );
      g.fill();
    }
  }
  // The sensor's grain, a few levels either way.
  const pixels = g.getImageData(0, 0, width, height);
  const data = pixels.data;
  for (let i = 0; i < data.length; i += 4) {
    const grain = (random() - 0.5) * 12;
    data[i] += grain;
    data[i + 1] += grain;
    data[i + 2] += grain;
  }
  g.putImageData(pixels, 0, 0);
  return canvas.convertToBlob({ type: "image/jpeg", quality: 0.92 });
}

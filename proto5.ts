import { openCv } from './supabase/functions/_shared/verification/opencv.ts';
import encodeJpeg from '@jsquash/jpeg/encode.js';
import { pageRaster } from './supabase/functions/_shared/verification/page.ts';
import { detectFileType } from './supabase/functions/_shared/processing/detect.ts';
import { decodeImagePixels } from './supabase/functions/_shared/processing/decode.ts';
import { cpuMs } from './cpu.ts';
const cv = await openCv();
const png = Deno.readFileSync('/tmp/stamped.png');
const px = await decodeImagePixels(png, detectFileType(png)!);
// photo: 4000x3000 canvas, page ~70% of frame, perspective, rotation 4 deg, blur, jpeg 80
const src = new cv.Mat(px.height, px.width, cv.CV_8UC3); src.data.set(px.data as Uint8Array);
const W = 4000, H = 3000;
const w = px.width, h = px.height;
const s = 0.75 * W / w;
const cx = W/2, cy = H/2;
const ang = 4 * Math.PI/180;
const corners = [[-w/2,-h/2],[w/2,-h/2],[w/2,h/2],[-w/2,h/2]].map(([x,y], i) => {
  const k = i < 2 ? 0.94 : 1.0; // top narrower: perspective
  const X = x*s*k, Y = y*s*0.95;
  return [cx + X*Math.cos(ang) - Y*Math.sin(ang), cy + X*Math.sin(ang) + Y*Math.cos(ang)];
});
const from = cv.matFromArray(4,1,cv.CV_32FC2,[0,0,w,0,w,h,0,h]);
const to = cv.matFromArray(4,1,cv.CV_32FC2,corners.flat());
const M = cv.getPerspectiveTransform(from,to);
const dst = new cv.Mat();
cv.warpPerspective(src, dst, M, new cv.Size(W,H), cv.INTER_LINEAR, cv.BORDER_CONSTANT, new cv.Scalar(90,80,70));
cv.GaussianBlur(dst, dst, new cv.Size(5,5), 1.6);
const rgba = new cv.Mat(); cv.cvtColor(dst, rgba, cv.COLOR_RGB2RGBA);
const jpg = new Uint8Array(await encodeJpeg({ data: new Uint8ClampedArray(rgba.data), width: W, height: H, colorSpace: 'srgb' } as ImageData, { quality: 80 }));
Deno.writeFileSync('/tmp/photo.jpg', jpg);
console.log('photo bytes', jpg.length);
for (const [name, bytes] of [['stamped', png], ['photo', jpg]] as const) {
  for (const side of [1800, 1400, 1200, 1000]) {
    const t0 = cpuMs();
    const g = await pageRaster(bytes, detectFileType(bytes)!, 1800);
    const t1 = cpuMs();
    const m = new cv.Mat(g.height, g.width, cv.CV_8UC1); m.data.set(g.data);
    let small = m;
    if (Math.max(g.width,g.height) > side) { small = new cv.Mat(); const f = side/Math.max(g.width,g.height); cv.resize(m, small, new cv.Size(Math.round(g.width*f), Math.round(g.height*f)), 0,0, cv.INTER_AREA); }
    for (const det of ['QRCodeDetector','QRCodeDetectorAruco']) {
      const d = new cv[det](); const pts = new cv.Mat();
      const t = cpuMs();
      const text = d.detectAndDecode(small, pts);
      const t2 = cpuMs();
      console.log(name, side, det, JSON.stringify(text).slice(0,60), 'cpu', t2 - t, 'ms (raster', t1-t0, ')');
      d.delete(); pts.delete();
    }
  }
}

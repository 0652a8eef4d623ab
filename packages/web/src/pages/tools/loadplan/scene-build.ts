// The three.js scene of one loaded container, built imperatively so that the live view (react-three-fiber)
// and the PDF export (an offscreen renderer) draw exactly the same thing. Engine axes: x = length (back wall
// at 0, door at l), y = width, z = up; three.js: x = length, y = up, z = width. Metres in the scene.
import type { BoxSpec, ContainerPlan } from '@tradelane/loadplan';
import { typeColor } from '@tradelane/loadplan';
import * as THREE from 'three';

const S = 1 / 1000;
/** Field of view of the live view and the printed views. */
export const VIEW_FOV = 30;
/** Gap drawn between neighbouring boxes so their edges stay visible (mm). */
const GAP = 6;

export interface ContainerScene {
  root: THREE.Group;
  /** The boxes, one instance per placement in loading order (for picking). */
  boxes: THREE.InstancedMesh;
  /** Inner size in metres (three.js axes). */
  size: THREE.Vector3;
  /** Shows the first `step` boxes of the loading order and outlines box `mark` (1-based; default the last shown). */
  setStep(step: number, mark?: number): void;
  /** Fades the boxes loaded before box `from` (1-based), to pick out one step group; 0 = none faded. */
  setFocus(from: number): void;
  dispose(): void;
}

const EDGE_PAIRS: [number, number][] = [
  [0, 1],
  [1, 3],
  [3, 2],
  [2, 0],
  [4, 5],
  [5, 7],
  [7, 6],
  [6, 4],
  [0, 4],
  [1, 5],
  [2, 6],
  [3, 7],
];

function corner(i: number, x0: number, y0: number, z0: number, x1: number, y1: number, z1: number): number[] {
  return [i & 1 ? x1 : x0, i & 2 ? y1 : y0, i & 4 ? z1 : z0];
}

/** 24 vertices (12 segments) of a box's edges. */
function edgeVertices(x0: number, y0: number, z0: number, x1: number, y1: number, z1: number): number[] {
  const out: number[] = [];
  for (const [a, b] of EDGE_PAIRS)
    out.push(...corner(a, x0, y0, z0, x1, y1, z1), ...corner(b, x0, y0, z0, x1, y1, z1));
  return out;
}

/** A text label that always faces the camera and stays visible (height in metres). */
function textLabel(
  text: string,
  height: number,
  keep: <T extends { dispose(): void }>(d: T) => T,
): THREE.Mesh {
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  const font = '600 44px "Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", Arial, sans-serif';
  let width = 200;
  if (ctx) {
    ctx.font = font;
    width = Math.ceil(ctx.measureText(text).width) + 36;
  }
  canvas.width = width;
  canvas.height = 64;
  if (ctx) {
    ctx.fillStyle = 'rgba(31, 38, 51, 0.78)';
    ctx.beginPath();
    ctx.roundRect(0, 0, width, 64, 12);
    ctx.fill();
    ctx.font = font;
    ctx.fillStyle = '#ffffff';
    ctx.textBaseline = 'middle';
    ctx.fillText(text, 18, 34);
  }
  const texture = keep(new THREE.CanvasTexture(canvas));
  texture.colorSpace = THREE.SRGBColorSpace;
  // A plane turned to the camera before each draw (a THREE.Sprite did not show in these scenes).
  const label = new THREE.Mesh(
    keep(new THREE.PlaneGeometry((height * width) / 64, height)),
    keep(
      new THREE.MeshBasicMaterial({
        map: texture,
        depthTest: false,
        transparent: true,
        side: THREE.DoubleSide,
      }),
    ),
  );
  label.renderOrder = 12;
  label.onBeforeRender = (_renderer, _scene, camera) => {
    label.quaternion.copy(camera.quaternion);
    label.updateMatrixWorld();
  };
  return label;
}

/** `doorLabel`: text marking the door end (x = l), so loaders see which way the plan faces. */
export function buildContainerScene(
  cp: ContainerPlan,
  boxes: readonly BoxSpec[],
  doorLabel?: string,
): ContainerScene {
  const { l, w, h } = cp.container;
  const size = new THREE.Vector3(l * S, h * S, w * S);
  const root = new THREE.Group();
  const disposables: { dispose(): void }[] = [];
  const keep = <T extends { dispose(): void }>(d: T): T => {
    disposables.push(d);
    return d;
  };

  root.add(new THREE.HemisphereLight(0xffffff, 0x8a8f99, 1.6));
  const sun = new THREE.DirectionalLight(0xffffff, 1.6);
  sun.position.set(size.x * 0.8, size.y * 4, size.z * 3);
  root.add(sun);

  // Container: floor, a faint back wall, and the inner outline.
  const floor = new THREE.Mesh(
    keep(new THREE.PlaneGeometry(size.x, size.z)),
    keep(new THREE.MeshStandardMaterial({ color: 0xc9ced6, roughness: 0.9 })),
  );
  floor.rotation.x = -Math.PI / 2;
  floor.position.set(size.x / 2, -0.002, size.z / 2);
  root.add(floor);
  const wall = new THREE.Mesh(
    keep(new THREE.PlaneGeometry(size.z, size.y)),
    keep(
      new THREE.MeshBasicMaterial({
        color: 0x8c96a8,
        transparent: true,
        opacity: 0.12,
        side: THREE.DoubleSide,
      }),
    ),
  );
  wall.rotation.y = Math.PI / 2;
  wall.position.set(0, size.y / 2, size.z / 2);
  root.add(wall);
  const outlineGeo = keep(new THREE.BufferGeometry());
  outlineGeo.setAttribute(
    'position',
    new THREE.Float32BufferAttribute(edgeVertices(0, 0, 0, size.x, size.y, size.z), 3),
  );
  root.add(new THREE.LineSegments(outlineGeo, keep(new THREE.LineBasicMaterial({ color: 0x3b4455 }))));

  if (doorLabel) {
    const door = textLabel(doorLabel, Math.max(0.3, size.y * 0.12), keep);
    door.position.set(size.x, size.y * 0.5, size.z / 2);
    root.add(door);
  }

  // Boxes: one instanced mesh and one edge buffer, both in loading order, so a step is a draw count.
  const n = cp.placements.length;
  const boxGeo = keep(new THREE.BoxGeometry(1, 1, 1));
  const boxMat = keep(new THREE.MeshStandardMaterial({ roughness: 0.75, metalness: 0.05 }));
  const mesh = new THREE.InstancedMesh(boxGeo, boxMat, Math.max(1, n));
  const edges: number[] = [];
  const m = new THREE.Matrix4();
  const q = new THREE.Quaternion();
  const colors = boxes.map((_, i) => new THREE.Color(typeColor(i)));
  cp.placements.forEach((p, i) => {
    const g = Math.min(GAP, p.l / 10, p.w / 10, p.h / 10);
    const x0 = (p.x + g / 2) * S;
    const y0 = (p.z + g / 2) * S;
    const z0 = (p.y + g / 2) * S;
    const x1 = (p.x + p.l - g / 2) * S;
    const y1 = (p.z + p.h - g / 2) * S;
    const z1 = (p.y + p.w - g / 2) * S;
    m.compose(
      new THREE.Vector3((x0 + x1) / 2, (y0 + y1) / 2, (z0 + z1) / 2),
      q,
      new THREE.Vector3(x1 - x0, y1 - y0, z1 - z0),
    );
    mesh.setMatrixAt(i, m);
    mesh.setColorAt(i, colors[p.type] ?? colors[0] ?? new THREE.Color(0x999999));
    edges.push(...edgeVertices(x0, y0, z0, x1, y1, z1));
  });
  mesh.instanceMatrix.needsUpdate = true;
  if (mesh.instanceColor) mesh.instanceColor.needsUpdate = true;
  root.add(mesh);
  const edgeGeo = keep(new THREE.BufferGeometry());
  edgeGeo.setAttribute('position', new THREE.Float32BufferAttribute(edges, 3));
  const edgeLines = new THREE.LineSegments(
    edgeGeo,
    keep(new THREE.LineBasicMaterial({ color: 0x1f2633, transparent: true, opacity: 0.55 })),
  );
  root.add(edgeLines);

  // The box of the current step, outlined.
  const currentGeo = keep(new THREE.BufferGeometry());
  currentGeo.setAttribute('position', new THREE.Float32BufferAttribute(new Array(72).fill(0), 3));
  // Drawn over everything so the box just placed stays visible behind others.
  const current = new THREE.LineSegments(
    currentGeo,
    keep(new THREE.LineBasicMaterial({ color: 0xff2d20, depthTest: false, transparent: true })),
  );
  current.renderOrder = 10;
  root.add(current);

  // Centre of gravity of what is loaded so far: a sphere and a plumb line to the floor.
  const cog = new THREE.Group();
  const ball = new THREE.Mesh(
    keep(new THREE.SphereGeometry(Math.max(0.06, size.z * 0.035), 20, 14)),
    keep(new THREE.MeshBasicMaterial({ color: 0xd4380d, depthTest: false, transparent: true, opacity: 0.9 })),
  );
  ball.renderOrder = 11;
  const plumbGeo = keep(new THREE.BufferGeometry());
  plumbGeo.setAttribute('position', new THREE.Float32BufferAttribute([0, 0, 0, 0, -1, 0], 3));
  const plumb = new THREE.LineSegments(
    plumbGeo,
    keep(new THREE.LineBasicMaterial({ color: 0xd4380d, depthTest: false, transparent: true })),
  );
  plumb.renderOrder = 11;
  cog.add(ball, plumb);
  root.add(cog);

  // Prefix sums for the centre of gravity after each step (by weight, by volume when weightless).
  const prefix = new Float64Array((n + 1) * 8);
  cp.placements.forEach((p, i) => {
    const mass = boxes[p.type]?.weight ?? 0;
    const vol = p.l * p.w * p.h;
    const c = [p.x + p.l / 2, p.z + p.h / 2, p.y + p.w / 2];
    const o = i * 8;
    const k = (i + 1) * 8;
    prefix[k] = prefix[o]! + mass;
    prefix[k + 4] = prefix[o + 4]! + vol;
    for (let a = 0; a < 3; a++) {
      prefix[k + 1 + a] = prefix[o + 1 + a]! + mass * c[a]!;
      prefix[k + 5 + a] = prefix[o + 5 + a]! + vol * c[a]!;
    }
  });

  const setStep = (raw: number, rawMark = raw) => {
    const step = Math.max(0, Math.min(n, Math.round(raw)));
    const marked = Math.max(0, Math.min(step, Math.round(rawMark)));
    mesh.count = step;
    mesh.visible = step > 0;
    edgeGeo.setDrawRange(0, step * 24);
    current.visible = marked > 0;
    if (marked > 0) {
      const pos = currentGeo.getAttribute('position') as THREE.BufferAttribute;
      pos.set(edges.slice((marked - 1) * 72, marked * 72));
      pos.needsUpdate = true;
      currentGeo.computeBoundingSphere();
    }
    const k = step * 8;
    const byWeight = prefix[k]! > 0;
    const total = byWeight ? prefix[k]! : prefix[k + 4]!;
    cog.visible = step > 0 && total > 0;
    if (cog.visible) {
      const base = byWeight ? k + 1 : k + 5;
      cog.position.set(
        (prefix[base]! / total) * S,
        (prefix[base + 1]! / total) * S,
        (prefix[base + 2]! / total) * S,
      );
      plumb.scale.set(1, cog.position.y, 1);
    }
  };
  setStep(n);

  const faded = new THREE.Color();
  const white = new THREE.Color(0xffffff);
  const setFocus = (from: number) => {
    cp.placements.forEach((p, i) => {
      const c = colors[p.type] ?? white;
      mesh.setColorAt(i, i < from - 1 ? faded.copy(c).lerp(white, 0.65) : c);
    });
    if (mesh.instanceColor) mesh.instanceColor.needsUpdate = true;
  };

  return {
    root,
    boxes: mesh,
    size,
    setStep,
    setFocus,
    dispose: () => {
      mesh.dispose();
      for (const d of disposables) d.dispose();
    },
  };
}

/** A camera position that shows the whole container from above the door-side corner, filling the view. */
export function cameraPose(
  size: THREE.Vector3,
  aspect: number,
  fovDeg: number,
): { position: THREE.Vector3; target: THREE.Vector3 } {
  const target = new THREE.Vector3(size.x / 2, size.y * 0.4, size.z / 2);
  const dir = new THREE.Vector3(0.5, 0.62, 1).normalize();
  const camera = new THREE.PerspectiveCamera(fovDeg, aspect, 0.01, 1000);
  const corners = [0, 1, 2, 3, 4, 5, 6, 7].map(
    (i) => new THREE.Vector3(i & 1 ? size.x : 0, i & 2 ? size.y : 0, i & 4 ? size.z : 0),
  );
  const fits = (dist: number) => {
    camera.position.copy(target).addScaledVector(dir, dist);
    camera.lookAt(target);
    camera.updateMatrixWorld();
    return corners.every((c) => {
      const p = c.clone().project(camera);
      return Math.abs(p.x) <= 0.9 && Math.abs(p.y) <= 0.86 && p.z < 1;
    });
  };
  // The nearest distance at which all eight corners are in view.
  let lo = 0.1;
  let hi = size.length() * 6;
  for (let i = 0; i < 30; i++) {
    const mid = (lo + hi) / 2;
    if (fits(mid)) hi = mid;
    else lo = mid;
  }
  return { position: target.clone().addScaledVector(dir, hi), target };
}

// The live 3D view of one container: orbit camera, boxes up to the current step, centre of gravity.
import { Canvas, type ThreeEvent, useThree } from '@react-three/fiber';
import type { BoxSpec, ContainerPlan } from '@tradelane/loadplan';
import { useEffect, useMemo } from 'react';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { buildContainerScene, type ContainerScene, cameraPose, VIEW_FOV } from './scene-build.ts';

interface StageProps {
  scene: ContainerScene;
  step: number;
  mark: number;
  onPick?: (index: number) => void;
}

function Stage({ scene, step, mark, onPick }: StageProps) {
  const { camera, gl, invalidate, size } = useThree();
  const aspect = size.width / Math.max(1, size.height);

  useEffect(() => {
    const pose = cameraPose(scene.size, aspect, VIEW_FOV);
    camera.position.copy(pose.position);
    camera.near = 0.05;
    camera.far = 500;
    camera.updateProjectionMatrix();
    const controls = new OrbitControls(camera, gl.domElement);
    controls.target.copy(pose.target);
    controls.enableDamping = false;
    controls.maxPolarAngle = Math.PI * 0.495;
    controls.update();
    const onChange = () => invalidate();
    controls.addEventListener('change', onChange);
    invalidate();
    return () => {
      controls.removeEventListener('change', onChange);
      controls.dispose();
    };
  }, [scene, camera, gl, invalidate, aspect]);

  useEffect(() => {
    scene.setStep(step, mark);
    invalidate();
  }, [scene, step, mark, invalidate]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a three.js object in the canvas, not a DOM element
    <primitive
      object={scene.root}
      onClick={(e: ThreeEvent<MouseEvent>) => {
        // An orbit drag is not a pick; the nearest hit on a box is (lines and the floor do not count).
        if (e.delta > 4) return;
        const hit = e.intersections.find((i) => i.object === scene.boxes && i.instanceId !== undefined);
        if (!hit || hit.instanceId === undefined) return;
        e.stopPropagation();
        onPick?.(hit.instanceId);
      }}
    />
  );
}

export interface Scene3DProps {
  plan: ContainerPlan;
  boxes: readonly BoxSpec[];
  step: number;
  /** The box outlined (1-based); default the last one shown. */
  mark?: number;
  /** Text at the door end of the container. */
  doorLabel?: string;
  /** A click on a box: its index in the loading order. */
  onPick?: (index: number) => void;
}

export default function Scene3D({ plan, boxes, step, mark, doorLabel, onPick }: Scene3DProps) {
  const scene = useMemo(() => buildContainerScene(plan, boxes, doorLabel), [plan, boxes, doorLabel]);
  useEffect(() => () => scene.dispose(), [scene]);
  return (
    <Canvas
      frameloop="demand"
      dpr={[1, 2]}
      camera={{ fov: VIEW_FOV }}
      gl={{ preserveDrawingBuffer: true, antialias: true }}
      data-testid="loadplan-canvas"
    >
      <color attach="background" args={['#eef1f6']} />
      <Stage scene={scene} step={step} mark={mark ?? step} onPick={onPick} />
    </Canvas>
  );
}

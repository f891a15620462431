import { useEffect, useRef, useState } from "react";
import type { DemoScript } from "@/lib/api-types";
import { applyDemoStep, type DemoState, INITIAL_DEMO_STATE } from "../utils/playback";
import { createDemoPlayer, type DemoPlayer, demoSteps, waitsFrom } from "../utils/schedule";

/**
 * Plays the demo script (product-rules §4 demo playback) at `speed`; a speed change applies to the
 * wait in progress. The timer is cancelled on unmount.
 */
export function useDemoPlayback(script: DemoScript | undefined, speed: number): DemoState {
  const [state, setState] = useState<DemoState>(INITIAL_DEMO_STATE);
  const playerRef = useRef<DemoPlayer | null>(null);
  const speedRef = useRef(speed);

  useEffect(() => {
    if (!script) return;
    setState(INITIAL_DEMO_STATE);
    const player = createDemoPlayer({
      steps: demoSteps(script.script, waitsFrom(script.timing)),
      speed: speedRef.current,
      onStep: (step) => setState((s) => applyDemoStep(s, step, script)),
    });
    playerRef.current = player;
    player.start();
    return () => {
      player.stop();
      playerRef.current = null;
    };
  }, [script]);

  useEffect(() => {
    speedRef.current = speed;
    playerRef.current?.setSpeed(speed);
  }, [speed]);

  return state;
}

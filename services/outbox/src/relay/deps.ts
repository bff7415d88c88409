import { runtimeEnv } from '@sneakers/shared/runtime/config';
import { lazy } from '@sneakers/shared/runtime/function';
import { createEventBridgePublisher } from './event-bridge-publisher';
import type { RelayDeps } from './ports';

/** One EventBridge client per container, built on first use (importing the function needs no environment). */
export const relayDeps = lazy((): RelayDeps => ({ publisher: createEventBridgePublisher(runtimeEnv()) }));

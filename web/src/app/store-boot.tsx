import { takeInitialData } from '../features/shop';
import { loadRuntimeConfig } from '../lib/runtime-config';
import { ConfigGate } from './config-gate';
import { StoreShell } from './store-shell';

// Started while the module evaluates: the config request and the inline first data do not
// wait for React.
const initial = takeInitialData();
let firstLoad: Promise<Awaited<ReturnType<typeof loadRuntimeConfig>>> | undefined = loadRuntimeConfig();
function loadConfig() {
  const load = firstLoad ?? loadRuntimeConfig();
  firstLoad = undefined;
  return load;
}

/** The entry of store.html, which `/store/...` serves (the server fills its head and first data). */
export function StoreBoot() {
  return (
    <ConfigGate loadConfig={loadConfig}>
      {(config) => <StoreShell config={config} initial={initial} />}
    </ConfigGate>
  );
}

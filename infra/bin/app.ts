import { App } from 'aws-cdk-lib';
import { buildSneakerCrm } from '../src/app';

// `npm run synth` / `cdk deploy`: the real registry, real esbuild bundles, cdk-nag enforced.
const app = new App();
buildSneakerCrm(app);
app.synth();

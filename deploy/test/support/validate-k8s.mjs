// Validates Kubernetes objects against the API's OpenAPI schemas with kubernetes-models (an ES module,
// hence this helper, which deploy/test/unit/k8s.test.ts runs with plain node).
// stdin: a JSON array of objects. stdout: a JSON array, one entry per object, in order:
//   { status: 'valid' } | { status: 'invalid', error } | { status: 'unknown' }
//   (unknown: neither a built-in kind nor a modelled custom resource).
const input = await new Promise((resolve, reject) => {
  let text = '';
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk) => (text += chunk));
  process.stdin.on('end', () => resolve(text));
  process.stdin.on('error', reject);
});

// Custom resources whose CRD schemas are published as models too (the rest are checked field by field in the test).
const CUSTOM_MODELS = { 'cert-manager.io/v1': '@kubernetes-models/cert-manager/cert-manager.io/v1' };

async function modelsOf(apiVersion) {
  try {
    return await import(CUSTOM_MODELS[apiVersion] ?? `kubernetes-models/${apiVersion}`);
  } catch {
    return undefined;
  }
}

const results = [];
for (const object of JSON.parse(input)) {
  const models = typeof object.apiVersion === 'string' ? await modelsOf(object.apiVersion) : undefined;
  const Model = models?.[object.kind];
  if (!Model) {
    results.push({ status: 'unknown' });
    continue;
  }
  try {
    new Model(object).validate();
    results.push({ status: 'valid' });
  } catch (error) {
    results.push({ status: 'invalid', error: error instanceof Error ? error.message : String(error) });
  }
}
process.stdout.write(JSON.stringify(results));

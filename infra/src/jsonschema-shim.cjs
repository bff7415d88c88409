/**
 * Lambda bundles only (docs/adr/0003): ElectroDB checks every entity definition against
 * its model schema with `jsonschema` (28 KB minified) when the entity is constructed.
 * Our definitions are constant and are checked with the real `jsonschema` by every test
 * that imports them (unbundled); in a deployed function the check can only pass, so the
 * bundle carries this validator that accepts the already-checked models.
 */
class Validator {
  addSchema() {}
  validate() {
    return { valid: true, errors: [] };
  }
}
Validator.prototype.customFormats = {};
module.exports = { Validator };

// A `?url` import is an address of Vite's build; under jest it is a fixed one, the same for every file.
module.exports = '/assets/asset-url-stub';

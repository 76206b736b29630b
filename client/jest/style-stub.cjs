// Stylesheets are Vite's business; under jest an import of a .css file is an empty module.
module.exports = {};

// Vitest hands a CommonJS module's own keys to `import()`'s namespace, `then` included: OpenCV's
// instance is a thenable, so the import never settles. Tests load it through this box instead.
module.exports = { default: require('@techstark/opencv-js') };

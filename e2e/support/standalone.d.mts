/** Makes <distDir>/standalone servable (static assets, public/) and returns its server.js path. */
export declare function prepareStandalone(distDir?: string): string;

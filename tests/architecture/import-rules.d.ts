export declare const layers: string[];
export declare const allowedLayers: Record<string, string[]>;
export declare const browserLayers: string[];
export declare const forbiddenPackages: Record<string, string[]>;
export declare function layerOf(file: string, root?: string): string | null;
export declare function importViolation(file: string, specifier: string, root?: string): string | null;
export declare function importSpecifiers(source: string): string[];
export declare const importDirectionRule: unknown;

/** What every chart of a run shares: the vega-lite schema and how many points a series is thinned to. */
export const POINTS = 300;
export const SCHEMA = "https://vega.github.io/schema/vega-lite/v6.json";

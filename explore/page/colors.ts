/** One colour per job (Okabe and Ito's palette, distinguishable with the common colour-vision deficiencies). */
const JOB_COLORS = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442"];

export const jobColor = (job: number) => JOB_COLORS[job % JOB_COLORS.length];
export const jobName = (job: number) => `j${job + 1}`;

declare module 'jstat' {
  interface Distribution {
    cdf(x: number, ...params: number[]): number;
    inv(p: number, ...params: number[]): number;
    pdf(x: number, ...params: number[]): number;
  }
  const jStat: {
    erf(x: number): number;
    erfc(x: number): number;
    normal: Distribution;
    studentt: Distribution;
    chisquare: Distribution;
  };
  export default jStat;
}

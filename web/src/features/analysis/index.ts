export { useAnalysis } from './use-analysis';
export { AnalysisRing } from './components/AnalysisRing';
export { AnalysisPanel } from './components/AnalysisPanel';
export { analysisOffset } from './offset';

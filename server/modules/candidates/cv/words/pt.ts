import type { CvWords } from "./types";

/** Portuguese: what the CV parser reads in a CV written in Portuguese. */
export const pt: CvWords = {
  headings: {
    experience: ["experiencia profissional", "experiencias profissionais", "experiencia", "experiencias", "historico profissional"],
    training: ["formacao", "formacao academica", "educacao", "escolaridade", "habilitacoes", "habilitacoes literarias"],
    languages: ["idiomas", "linguas", "competencias linguisticas"],
    skills: ["competencias", "competencias tecnicas", "habilidades", "conhecimentos", "conhecimentos informaticos"],
    other: ["perfil", "resumo", "interesses", "passatempos", "referencias", "certificacoes", "carta de conducao", "dados pessoais", "contato", "contacto", "outros"],
  },
  months: [
    ["janeiro", "jan"],
    ["fevereiro", "fev"],
    ["março", "marco", "mar"],
    ["abril", "abr"],
    ["maio"],
    ["junho", "jun"],
    ["julho", "jul"],
    ["agosto", "ago"],
    ["setembro", "set"],
    ["outubro", "out"],
    ["novembro", "nov"],
    ["dezembro", "dez"],
  ],
  now: ["atual", "actual", "hoje", "o momento"],
  from: ["de", "da", "desde", "entre"],
  until: ["ate", "até", "a"],
  since: ["desde"],
  levels: {
    native: ["nativo", "nativa", "lingua materna", "materna"],
    fluent: ["fluente"],
    advanced: ["avancado", "muito bom"],
    good: ["bom", "boa"],
    intermediate: ["intermediario"],
    basic: ["basico", "elementar", "nocoes"],
  },
};

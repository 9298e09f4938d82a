import type { createDomain } from "../../server/services";
import { SYSTEM_ACTOR } from "../../server/modules/identity/contract";
import type { Audience, FaqEntryForm, FaqTopic } from "../../server/modules/support/contract";

type Domain = ReturnType<typeof createDomain>;
type Texts = Record<"fr" | "en" | "de" | "it" | "pt", [question: string, answer: string]>;

/** The demo FAQ (issue 30): the spec's topics, in the five languages, published. */
const ENTRIES: { topic: FaqTopic; audiences: Audience[]; texts: Texts }[] = [
  {
    topic: "account",
    audiences: ["candidate"],
    texts: {
      fr: [
        "Comment supprimer mon compte ?",
        "Contactez le support pour supprimer votre compte : dans le formulaire de contact, choisissez « Supprimer mon compte ». Nous vous confirmons la demande par e-mail.",
      ],
      en: [
        "How do I delete my account?",
        "Contact support to delete your account: in the contact form, choose “Delete my account”. We confirm the request by e-mail.",
      ],
      de: [
        "Wie lösche ich mein Konto?",
        "Kontaktieren Sie den Support, um Ihr Konto zu löschen: Wählen Sie im Kontaktformular «Mein Konto löschen». Wir bestätigen die Anfrage per E-Mail.",
      ],
      it: [
        "Come elimino il mio account?",
        "Contattate l’assistenza per eliminare l’account: nel modulo di contatto scegliete «Eliminare il mio account». Confermiamo la richiesta per e-mail.",
      ],
      pt: [
        "Como elimino a minha conta?",
        "Contacte o suporte para eliminar a sua conta: no formulário de contacto, escolha «Eliminar a minha conta». Confirmamos o pedido por e-mail.",
      ],
    },
  },
  {
    topic: "account",
    audiences: ["candidate", "agency", "client", "visitor"],
    texts: {
      fr: [
        "Mon compte est désactivé : que faire ?",
        "Un compte désactivé ne peut plus se connecter ni postuler. Si vous l’avez désactivé vous-même, reconnectez-vous pour le réactiver ; sinon contactez le support ou votre agence.",
      ],
      en: [
        "My account is deactivated: what can I do?",
        "A deactivated account can neither sign in nor apply. If you deactivated it yourself, sign in again to reactivate it; otherwise contact support or your agency.",
      ],
      de: [
        "Mein Konto ist deaktiviert: Was kann ich tun?",
        "Ein deaktiviertes Konto kann sich weder anmelden noch bewerben. Haben Sie es selbst deaktiviert, melden Sie sich erneut an; sonst kontaktieren Sie den Support oder Ihre Agentur.",
      ],
      it: [
        "Il mio account è disattivato: cosa posso fare?",
        "Un account disattivato non può accedere né candidarsi. Se lo avete disattivato voi, accedete di nuovo per riattivarlo; altrimenti contattate l’assistenza o la vostra agenzia.",
      ],
      pt: [
        "A minha conta está desativada: o que posso fazer?",
        "Uma conta desativada não pode iniciar sessão nem candidatar-se. Se a desativou, inicie sessão de novo para a reativar; caso contrário contacte o suporte ou a sua agência.",
      ],
    },
  },
  {
    topic: "applying",
    audiences: ["candidate", "visitor"],
    texts: {
      fr: [
        "Comment postuler à une annonce ?",
        "Ouvrez l’annonce depuis la recherche d’emploi et cliquez sur « Postuler ». Sans compte, donnez votre e-mail et votre CV : un compte est créé pour suivre votre candidature.",
      ],
      en: [
        "How do I apply for a job?",
        "Open the ad from the job search and click “Apply”. Without an account, give your e-mail and your CV: an account is created so you can follow your application.",
      ],
      de: [
        "Wie bewerbe ich mich auf ein Inserat?",
        "Öffnen Sie das Inserat in der Stellensuche und klicken Sie auf «Bewerben». Ohne Konto geben Sie E-Mail und Lebenslauf an: Ein Konto wird erstellt, damit Sie Ihre Bewerbung verfolgen können.",
      ],
      it: [
        "Come mi candido a un annuncio?",
        "Aprite l’annuncio dalla ricerca di lavoro e cliccate «Candidati». Senza account, indicate e-mail e CV: viene creato un account per seguire la candidatura.",
      ],
      pt: [
        "Como me candidato a um anúncio?",
        "Abra o anúncio a partir da pesquisa de emprego e clique em «Candidatar». Sem conta, indique o e-mail e o CV: é criada uma conta para acompanhar a candidatura.",
      ],
    },
  },
  {
    topic: "timesheets",
    audiences: ["candidate"],
    texts: {
      fr: [
        "Comment remplir mon relevé d’heures ?",
        "Dans « Relevés d’heures », ouvrez la semaine de votre mission, saisissez vos heures par jour puis envoyez le relevé à votre agence pour validation.",
      ],
      en: [
        "How do I fill in my timesheet?",
        "In “Timesheets”, open the week of your assignment, enter your hours per day, then send the timesheet to your agency for validation.",
      ],
      de: [
        "Wie fülle ich meinen Stundenzettel aus?",
        "Öffnen Sie unter «Stundenzettel» die Woche Ihres Einsatzes, tragen Sie Ihre Stunden pro Tag ein und senden Sie den Zettel Ihrer Agentur zur Validierung.",
      ],
      it: [
        "Come compilo il mio rapporto ore?",
        "In «Rapporti ore» aprite la settimana della missione, inserite le ore per giorno e inviate il rapporto alla vostra agenzia per la convalida.",
      ],
      pt: [
        "Como preencho a minha folha de horas?",
        "Em «Folhas de horas», abra a semana da sua missão, introduza as horas por dia e envie a folha à sua agência para validação.",
      ],
    },
  },
  {
    topic: "timesheets",
    audiences: ["client", "agency"],
    texts: {
      fr: [
        "Comment valider un relevé d’heures ?",
        "Ouvrez « Relevés d’heures », choisissez un relevé en attente, vérifiez les heures et validez-le ou corrigez-le en indiquant un motif.",
      ],
      en: [
        "How do I validate a timesheet?",
        "Open “Timesheets”, choose a pending timesheet, check the hours, and validate it or correct it with a reason.",
      ],
      de: [
        "Wie validiere ich einen Stundenzettel?",
        "Öffnen Sie «Stundenzettel», wählen Sie einen offenen Zettel, prüfen Sie die Stunden und validieren oder korrigieren Sie ihn mit Begründung.",
      ],
      it: [
        "Come convalido un rapporto ore?",
        "Aprite «Rapporti ore», scegliete un rapporto in attesa, verificate le ore e convalidatelo o correggetelo indicando un motivo.",
      ],
      pt: [
        "Como valido uma folha de horas?",
        "Abra «Folhas de horas», escolha uma folha pendente, verifique as horas e valide-a ou corrija-a indicando um motivo.",
      ],
    },
  },
  {
    topic: "documents",
    audiences: ["candidate"],
    texts: {
      fr: [
        "Quels documents puis-je déposer ?",
        "Des fichiers PDF, ODT, DOC, DOCX, PNG, JPG ou JPEG de 2 Mo au plus : pièce d’identité, permis de travail, diplômes, certificats. Vous êtes prévenu avant leur expiration.",
      ],
      en: [
        "Which documents can I upload?",
        "PDF, ODT, DOC, DOCX, PNG, JPG or JPEG files of 2 MB at most: identity card, work permit, diplomas, certificates. You are told before they expire.",
      ],
      de: [
        "Welche Dokumente kann ich hochladen?",
        "PDF-, ODT-, DOC-, DOCX-, PNG-, JPG- oder JPEG-Dateien bis 2 MB: Ausweis, Arbeitsbewilligung, Diplome, Zeugnisse. Vor ihrem Ablauf werden Sie benachrichtigt.",
      ],
      it: [
        "Quali documenti posso caricare?",
        "File PDF, ODT, DOC, DOCX, PNG, JPG o JPEG fino a 2 MB: documento d’identità, permesso di lavoro, diplomi, certificati. Siete avvisati prima della scadenza.",
      ],
      pt: [
        "Que documentos posso carregar?",
        "Ficheiros PDF, ODT, DOC, DOCX, PNG, JPG ou JPEG até 2 MB: documento de identidade, autorização de trabalho, diplomas, certificados. É avisado antes de expirarem.",
      ],
    },
  },
  {
    topic: "agencies",
    audiences: ["agency", "visitor"],
    texts: {
      fr: [
        "Mon compte agence est en attente de validation",
        "Chaque nouvelle agence est validée par un administrateur de la plateforme avant de pouvoir se connecter. Vous recevez un e-mail dès que c’est fait.",
      ],
      en: [
        "My agency account is awaiting validation",
        "Every new agency is validated by a platform administrator before it can sign in. You get an e-mail as soon as it is done.",
      ],
      de: [
        "Mein Agenturkonto wartet auf Validierung",
        "Jede neue Agentur wird von einem Plattform-Administrator validiert, bevor sie sich anmelden kann. Sie erhalten eine E-Mail, sobald das geschehen ist.",
      ],
      it: [
        "Il mio account agenzia è in attesa di convalida",
        "Ogni nuova agenzia è convalidata da un amministratore della piattaforma prima di poter accedere. Ricevete un’e-mail appena è fatto.",
      ],
      pt: [
        "A minha conta de agência aguarda validação",
        "Cada nova agência é validada por um administrador da plataforma antes de poder iniciar sessão. Recebe um e-mail assim que estiver feito.",
      ],
    },
  },
  {
    topic: "privacy",
    audiences: ["candidate"],
    texts: {
      fr: [
        "Comment obtenir une copie de mes données ?",
        "Dans « Mes informations », téléchargez l’archive de vos données, ou choisissez « Exporter mes données » dans le formulaire de contact.",
      ],
      en: [
        "How do I get a copy of my data?",
        "In “My data”, download the archive of your data, or choose “Export my data” in the contact form.",
      ],
      de: [
        "Wie erhalte ich eine Kopie meiner Daten?",
        "Laden Sie unter «Meine Daten» das Archiv Ihrer Daten herunter, oder wählen Sie im Kontaktformular «Meine Daten exportieren».",
      ],
      it: [
        "Come ottengo una copia dei miei dati?",
        "In «I miei dati» scaricate l’archivio dei vostri dati, oppure scegliete «Esportare i miei dati» nel modulo di contatto.",
      ],
      pt: [
        "Como obtenho uma cópia dos meus dados?",
        "Em «Os meus dados», descarregue o arquivo dos seus dados, ou escolha «Exportar os meus dados» no formulário de contacto.",
      ],
    },
  },
];

export const DEMO_FAQ_COUNT = ENTRIES.length;

export async function seedDemoFaq(domain: Domain) {
  for (const entry of ENTRIES) {
    const form = { topic: entry.topic, audiences: entry.audiences } as Record<string, unknown>;
    for (const [lang, [question, answer]] of Object.entries(entry.texts)) {
      form[`question_${lang}`] = question;
      form[`answer_${lang}`] = answer;
    }
    const id = await domain.support.writeFaqEntry(SYSTEM_ACTOR, null, form as FaqEntryForm);
    await domain.support.publishFaqEntry(SYSTEM_ACTOR, id, true);
  }
}

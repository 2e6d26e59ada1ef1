import type { Language } from '../language/detect.ts';
import type { ToneProfile } from './voice.ts';

/**
 * The embedded composer's wordings in the buyer's language. English keeps the six tone profiles (voice.ts) and
 * adds the lines for quantities and "not sold, the closest is"; the other languages have one register each, with
 * the tone's emoji, and address the buyer informally where DMs do (tú, tu, du, você, tu). Templates carry no
 * number or link of their own: those come from the facts through the {placeholders}. Brand names go in as
 * written, never with a possessive ending of their own ("de Tess", "von Tess").
 */
export interface LanguageLines {
  /** Several items asked in one message: the lines before the list, for an item left out, and the one link. */
  basketIntro: readonly string[];
  basketSoldOut: readonly string[];
  basketLink: readonly string[];
  /** "or" between the last two choices. */
  or: string;
  quantityLink: readonly string[];
  quantityCapped: readonly string[];
  notSoldLacking: readonly string[];
  closest: readonly string[];
  handOffTrade: readonly string[];
}

export const extraLines: Record<Language, LanguageLines> = {
  en: {
    basketIntro: ['Here is everything in one cart:', 'All of it in one link:'],
    basketSoldOut: ['{product} in {variant} is sold out, so it is not in the link.'],
    basketLink: ['Check out here: {link}', 'One link for all of it: {link}'],
    or: 'or',
    quantityLink: ['The link is for {linked}.', 'That link has {linked} in the cart.'],
    quantityCapped: [
      'We only have {stock} on hand, so the link is for {linked}.',
      'There are only {stock} left, so I put {linked} in the link.',
    ],
    notSoldLacking: ["We don't have that in {lacking}.", "Sorry, we don't sell it in {lacking}."],
    closest: [
      'The closest we have is the {altProduct} in {altVariant}: {link}',
      'Our closest option is the {altProduct} in {altVariant}: {link}',
    ],
    handOffTrade: ["I'm passing this to the team; a person will reply here."],
  },
  es: {
    basketIntro: ['Aquí tienes todo en un carrito:'],
    basketSoldOut: ['{product} en {variant} está agotado, así que no está en el enlace.'],
    basketLink: ['Compra aquí: {link}'],
    or: 'o',
    quantityLink: ['El enlace es para {linked}.'],
    quantityCapped: ['Solo tenemos {stock} disponibles, así que el enlace es para {linked}.'],
    notSoldLacking: ['No lo tenemos en {lacking}.'],
    closest: ['Lo más parecido que tenemos es {altProduct} en {altVariant}: {link}'],
    handOffTrade: ['Le paso tu mensaje al equipo; una persona te responderá aquí.'],
  },
  fr: {
    basketIntro: ['Voici tout dans un seul panier :'],
    basketSoldOut: ['{product} en {variant} est épuisé, il n’est donc pas dans le lien.'],
    basketLink: ['Commande ici : {link}'],
    or: 'ou',
    quantityLink: ['Le lien est pour {linked}.'],
    quantityCapped: ['Il ne nous en reste que {stock}, donc le lien est pour {linked}.'],
    notSoldLacking: ["Nous ne l'avons pas en {lacking}."],
    closest: ['Le plus proche que nous ayons est {altProduct} en {altVariant} : {link}'],
    handOffTrade: ["Je transmets ton message à l'équipe ; une personne te répondra ici."],
  },
  de: {
    basketIntro: ['Hier ist alles in einem Warenkorb:'],
    basketSoldOut: ['{product} in {variant} ist ausverkauft und daher nicht im Link.'],
    basketLink: ['Hier bestellen: {link}'],
    or: 'oder',
    quantityLink: ['Der Link ist für {linked} Stück.'],
    quantityCapped: ['Wir haben nur noch {stock} auf Lager, daher ist der Link für {linked} Stück.'],
    notSoldLacking: ['Das haben wir leider nicht in {lacking}.'],
    closest: ['Am nächsten kommt {altProduct} in {altVariant}: {link}'],
    handOffTrade: ['Ich gebe deine Nachricht an das Team weiter; eine Person antwortet dir hier.'],
  },
  pt: {
    basketIntro: ['Aqui está tudo num só carrinho:'],
    basketSoldOut: ['{product} em {variant} está esgotado, então não está no link.'],
    basketLink: ['Compre aqui: {link}'],
    or: 'ou',
    quantityLink: ['O link é para {linked}.'],
    quantityCapped: ['Só temos {stock} em estoque, então o link é para {linked}.'],
    notSoldLacking: ['Não temos em {lacking}.'],
    closest: ['O mais parecido que temos é {altProduct} em {altVariant}: {link}'],
    handOffTrade: ['Vou passar sua mensagem para a equipe; uma pessoa vai responder aqui.'],
  },
  it: {
    basketIntro: ['Ecco tutto in un solo carrello:'],
    basketSoldOut: ['{product} in {variant} è esaurito, quindi non è nel link.'],
    basketLink: ['Acquista qui: {link}'],
    or: 'o',
    quantityLink: ['Il link è per {linked}.'],
    quantityCapped: ['Ne abbiamo solo {stock} disponibili, quindi il link è per {linked}.'],
    notSoldLacking: ['Non lo abbiamo in {lacking}.'],
    closest: ['Il più simile che abbiamo è {altProduct} in {altVariant}: {link}'],
    handOffTrade: ['Passo il tuo messaggio al team; una persona ti risponderà qui.'],
  },
};

type Wording = Omit<ToneProfile, 'isChatty' | 'emoji'>;

/** Whole wordings for the languages besides English (English uses the tone profiles). */
export const languageProfiles: Record<Exclude<Language, 'en'>, Wording> = {
  es: {
    openings: ['¡Hola!', '¡Hola, qué tal!'],
    inStock: ['¡Sí, tenemos {product} en {variant}!', '{product} en {variant} está disponible.'],
    lowStock: ['{product} en {variant} está disponible, quedan {quantity}.'],
    linkLine: ['Aquí tienes el enlace para comprar: {link}', 'Puedes comprarlo aquí: {link}'],
    soldOut: ['{product} en {variant} está agotado ahora mismo, lo siento.'],
    alternative: ['Pero tenemos {altProduct} en {altVariant}: {link}'],
    noAlternative: ['Ahora mismo no tenemos nada parecido en stock, lo siento.'],
    price: ['{product} en {variant} cuesta {price}.'],
    askVariant: ['¿Qué {option} quieres: {choices}?'],
    askProduct: ['¿Cuál de estos: {choices}?'],
    notSold: ['Lo siento, eso no lo vendemos.'],
    handOff: ['Le paso tu mensaje a una persona del equipo; te responderá aquí.'],
    greeting: ['¿En qué te puedo ayudar?'],
    thanks: ['¡De nada!', '¡Un placer!'],
    shipping: [
      'Las opciones de envío y la política de devoluciones aparecen al pagar; el equipo puede ayudarte con lo demás.',
    ],
    other: ['Puedo consultar disponibilidad, tallas y precios. ¿Qué producto te interesa?'],
    productLink: ['¡Gracias por tu comentario! Aquí tienes {product}: {link}'],
    productLinkNoProduct: ['¡Gracias por tu comentario! ¿Qué producto te interesa?'],
    disclosure: 'Soy el asistente automático de {brand}.',
  },
  fr: {
    openings: ['Bonjour !', 'Salut !'],
    inStock: ['Oui, nous avons {product} en {variant} !', '{product} en {variant} est disponible.'],
    lowStock: ['{product} en {variant} est disponible, il en reste {quantity}.'],
    linkLine: ['Voici le lien pour commander : {link}', 'Tu peux le commander ici : {link}'],
    soldOut: ['{product} en {variant} est épuisé pour le moment, désolé.'],
    alternative: ['Mais nous avons {altProduct} en {altVariant} : {link}'],
    noAlternative: ["Nous n'avons rien de similaire en stock pour le moment, désolé."],
    price: ['{product} en {variant} coûte {price}.'],
    askVariant: ['Quelle {option} veux-tu : {choices} ?'],
    askProduct: ['Lequel veux-tu dire : {choices} ?'],
    notSold: ['Désolé, nous ne vendons pas cela.'],
    handOff: ["Je transmets ton message à une personne de l'équipe ; elle te répondra ici."],
    greeting: ['Comment puis-je t’aider ?'],
    thanks: ['Avec plaisir !', 'De rien !'],
    shipping: [
      "Les options de livraison et la politique de retour s'affichent au paiement ; l'équipe peut répondre au reste.",
    ],
    other: ['Je peux vérifier la disponibilité, les tailles et les prix. Quel produit t’intéresse ?'],
    productLink: ['Merci pour ton commentaire ! Voici {product} : {link}'],
    productLinkNoProduct: ['Merci pour ton commentaire ! Quel produit t’intéresse ?'],
    disclosure: "Je suis l'assistant automatique de {brand}.",
  },
  de: {
    openings: ['Hallo!', 'Hi!'],
    inStock: ['Ja, {product} in {variant} haben wir!', '{product} in {variant} ist verfügbar.'],
    lowStock: ['{product} in {variant} ist verfügbar, noch {quantity} Stück.'],
    linkLine: ['Hier ist dein Link zur Kasse: {link}', 'Bestellen kannst du hier: {link}'],
    soldOut: ['{product} in {variant} ist gerade ausverkauft, tut mir leid.'],
    alternative: ['Aber {altProduct} in {altVariant} ist verfügbar: {link}'],
    noAlternative: ['Gerade haben wir nichts Ähnliches auf Lager, tut mir leid.'],
    price: ['{product} in {variant} kostet {price}.'],
    askVariant: ['Welche {option} möchtest du: {choices}?'],
    askProduct: ['Welches meinst du: {choices}?'],
    notSold: ['Das führen wir leider nicht.'],
    handOff: ['Ich gebe deine Nachricht an eine Person aus dem Team weiter; sie antwortet dir hier.'],
    greeting: ['Wie kann ich dir helfen?'],
    thanks: ['Gern geschehen!', 'Sehr gern!'],
    shipping: [
      'Versandoptionen und Rückgabebedingungen siehst du an der Kasse; das Team hilft dir bei allem Weiteren.',
    ],
    other: ['Ich kann Verfügbarkeit, Größen und Preise prüfen. Welches Produkt interessiert dich?'],
    productLink: ['Danke für deinen Kommentar! Hier ist {product}: {link}'],
    productLinkNoProduct: ['Danke für deinen Kommentar! Welches Produkt interessiert dich?'],
    disclosure: 'Ich bin der automatische Assistent von {brand}.',
  },
  pt: {
    openings: ['Olá!', 'Oi!'],
    inStock: ['Sim, temos {product} em {variant}!', '{product} em {variant} está disponível.'],
    lowStock: ['{product} em {variant} está disponível, restam {quantity}.'],
    linkLine: ['Aqui está o link para comprar: {link}', 'Você pode comprar aqui: {link}'],
    soldOut: ['{product} em {variant} está esgotado no momento, desculpe.'],
    alternative: ['Mas temos {altProduct} em {altVariant}: {link}'],
    noAlternative: ['No momento não temos nada parecido em estoque, desculpe.'],
    price: ['{product} em {variant} custa {price}.'],
    askVariant: ['Qual {option} você quer: {choices}?'],
    askProduct: ['Qual deles: {choices}?'],
    notSold: ['Desculpe, não vendemos isso.'],
    handOff: ['Vou passar sua mensagem para uma pessoa da equipe; ela vai responder aqui.'],
    greeting: ['Como posso ajudar?'],
    thanks: ['De nada!', 'Por nada!'],
    shipping: [
      'As opções de envio e a política de trocas aparecem no checkout; a equipe pode ajudar com o resto.',
    ],
    other: ['Posso ver disponibilidade, tamanhos e preços. Qual produto te interessa?'],
    productLink: ['Obrigado pelo comentário! Aqui está {product}: {link}'],
    productLinkNoProduct: ['Obrigado pelo comentário! Qual produto te interessa?'],
    disclosure: 'Sou o assistente automático de {brand}.',
  },
  it: {
    openings: ['Ciao!', 'Salve!'],
    inStock: ['Sì, abbiamo {product} in {variant}!', '{product} in {variant} è disponibile.'],
    lowStock: ['{product} in {variant} è disponibile, ne restano {quantity}.'],
    linkLine: ['Ecco il link per acquistare: {link}', 'Puoi ordinarlo qui: {link}'],
    soldOut: ['{product} in {variant} è esaurito al momento, mi dispiace.'],
    alternative: ['Però abbiamo {altProduct} in {altVariant}: {link}'],
    noAlternative: ['Al momento non abbiamo niente di simile disponibile, mi dispiace.'],
    price: ['{product} in {variant} costa {price}.'],
    askVariant: ['Quale {option} vuoi: {choices}?'],
    askProduct: ['Quale intendi: {choices}?'],
    notSold: ['Mi dispiace, non lo vendiamo.'],
    handOff: ['Passo il tuo messaggio a una persona del team; ti risponderà qui.'],
    greeting: ['Come posso aiutarti?'],
    thanks: ['Prego!', 'Figurati!'],
    shipping: [
      'Le opzioni di spedizione e la politica di reso sono indicate al checkout; il team può aiutarti con il resto.',
    ],
    other: ['Posso controllare disponibilità, taglie e prezzi. Quale prodotto ti interessa?'],
    productLink: ['Grazie per il commento! Ecco {product}: {link}'],
    productLinkNoProduct: ['Grazie per il commento! Quale prodotto ti interessa?'],
    disclosure: "Sono l'assistente automatico di {brand}.",
  },
};

/** Option names in the buyer's language for the question "which size?" (store option names are English). */
const optionWords: Record<Exclude<Language, 'en'>, Record<string, string>> = {
  es: { size: 'talla', color: 'color', colour: 'color', shade: 'tono', flavor: 'sabor', scent: 'aroma' },
  fr: {
    size: 'taille',
    color: 'couleur',
    colour: 'couleur',
    shade: 'teinte',
    flavor: 'saveur',
    scent: 'parfum',
  },
  de: { size: 'Größe', color: 'Farbe', colour: 'Farbe', shade: 'Nuance', flavor: 'Sorte', scent: 'Duft' },
  pt: { size: 'tamanho', color: 'cor', colour: 'cor', shade: 'tom', flavor: 'sabor', scent: 'aroma' },
  it: {
    size: 'taglia',
    color: 'colore',
    colour: 'colore',
    shade: 'tonalità',
    flavor: 'gusto',
    scent: 'profumo',
  },
};

export function optionWordIn(language: Language, optionName: string): string {
  const lower = optionName.toLowerCase();
  if (language === 'en') return lower;
  return optionWords[language][lower] ?? lower;
}

/** "Tess's" / "Les Bains'" in English; other languages name the brand with a preposition in the template. */
export function possessive(brand: string): string {
  return /s$/i.test(brand.trim()) ? `${brand}'` : `${brand}'s`;
}

import type { Language } from "#core/languages";
import { isLanguage, languages } from "#core/languages";

/**
 * What subscribers read from the server: the confirmation e-mail and the pages behind its links.
 * Kept here rather than in locales/ because no page of the site shows them. `{estate}` is the
 * estate's name from content/site.json.
 */
export interface SubscriberStrings {
  mailSubject: string;
  mailIntro: string;
  mailIgnore: string;
  mailUnsubscribe: string;
  /** The page a confirmation link opens: it asks, and only its button confirms. */
  confirmTitle: string;
  confirmText: string;
  confirmButton: string;
  /** The page an unsubscribe link opens: it asks, and only its button unsubscribes. */
  unsubscribeTitle: string;
  unsubscribeText: string;
  unsubscribeButton: string;
  confirmedTitle: string;
  confirmedText: string;
  unsubscribedTitle: string;
  unsubscribedText: string;
  notSubscribedTitle: string;
  notSubscribedText: string;
  invalidTitle: string;
  invalidText: string;
  backToSite: string;
}

export const subscriberStrings: Record<Language, SubscriberStrings> = {
  en: {
    mailSubject: "Confirm your subscription to the {estate} newsletter",
    mailIntro: "Thank you for signing up for the {estate} newsletter. Please confirm your address by opening this link:",
    mailIgnore: "If you did not sign up, simply ignore this e-mail: without confirmation you will receive nothing.",
    mailUnsubscribe: "To unsubscribe at any time:",
    confirmTitle: "Confirm your subscription",
    confirmText: "Press the button below to confirm that you would like to receive the {estate} newsletter at this address.",
    confirmButton: "Confirm my subscription",
    unsubscribeTitle: "Unsubscribe from the newsletter",
    unsubscribeText: "Press the button below and this address will no longer receive the {estate} newsletter.",
    unsubscribeButton: "Unsubscribe",
    confirmedTitle: "Subscription confirmed",
    confirmedText: "Thank you! You will now receive news from {estate}: new vintages, events and life at the estate.",
    unsubscribedTitle: "You have been unsubscribed",
    unsubscribedText: "This address will receive no more newsletters from {estate}. You can sign up again at any time on our website.",
    notSubscribedTitle: "This address is not subscribed",
    notSubscribedText: "This address has been unsubscribed. To receive the newsletter again, please sign up on our website.",
    invalidTitle: "This link is not valid",
    invalidText: "The link may be incomplete or out of date. Please copy the whole link from the e-mail, or sign up again on our website.",
    backToSite: "Go to the website",
  },
  fr: {
    mailSubject: "Confirmez votre inscription à la lettre d'information de {estate}",
    mailIntro: "Merci de vous être inscrit à la lettre d'information de {estate}. Pour confirmer votre adresse, il vous suffit d'ouvrir ce lien :",
    mailIgnore: "Si vous n'êtes pas à l'origine de cette demande, ignorez simplement ce message : sans confirmation, vous ne recevrez rien.",
    mailUnsubscribe: "Pour vous désinscrire à tout moment :",
    confirmTitle: "Confirmez votre inscription",
    confirmText: "Cliquez sur le bouton ci-dessous pour confirmer que vous souhaitez recevoir la lettre d'information de {estate} à cette adresse.",
    confirmButton: "Confirmer mon inscription",
    unsubscribeTitle: "Se désinscrire de la lettre d'information",
    unsubscribeText: "Cliquez sur le bouton ci-dessous : cette adresse ne recevra plus la lettre d'information de {estate}.",
    unsubscribeButton: "Me désinscrire",
    confirmedTitle: "Inscription confirmée",
    confirmedText: "Merci ! Vous recevrez désormais les nouvelles de {estate} : millésimes, événements et vie du domaine.",
    unsubscribedTitle: "Votre désinscription est prise en compte",
    unsubscribedText: "Cette adresse ne recevra plus la lettre d'information de {estate}. Vous pouvez vous réinscrire à tout moment sur notre site.",
    notSubscribedTitle: "Cette adresse n'est plus inscrite",
    notSubscribedText: "Cette adresse a été désinscrite. Pour recevoir de nouveau notre lettre d'information, inscrivez-vous sur notre site.",
    invalidTitle: "Ce lien n'est pas valide",
    invalidText: "Le lien est peut-être incomplet ou périmé. Copiez-le en entier depuis l'e-mail, ou inscrivez-vous de nouveau sur notre site.",
    backToSite: "Aller sur le site",
  },
  zh: {
    mailSubject: "请确认订阅{estate}新闻简报",
    mailIntro: "感谢您订阅{estate}新闻简报。请打开以下链接，确认您的邮箱地址：",
    mailIgnore: "如果这不是您本人的操作，请忽略此邮件：未经确认，您不会收到任何简报。",
    mailUnsubscribe: "您可以随时通过以下链接退订：",
    confirmTitle: "确认订阅",
    confirmText: "请点击下方按钮，确认您希望通过此邮箱接收{estate}新闻简报。",
    confirmButton: "确认订阅",
    unsubscribeTitle: "退订新闻简报",
    unsubscribeText: "点击下方按钮后，此邮箱将不再收到{estate}的新闻简报。",
    unsubscribeButton: "确认退订",
    confirmedTitle: "订阅已确认",
    confirmedText: "谢谢！您将收到{estate}的最新消息：新年份酒款、活动以及酒庄动态。",
    unsubscribedTitle: "您已成功退订",
    unsubscribedText: "此邮箱将不再收到{estate}的新闻简报。您可以随时在我们的网站上重新订阅。",
    notSubscribedTitle: "此邮箱不在订阅名单中",
    notSubscribedText: "此邮箱已退订。如需再次接收新闻简报，请在我们的网站上重新订阅。",
    invalidTitle: "此链接无效",
    invalidText: "链接可能不完整或已过期。请从邮件中复制完整链接，或在我们的网站上重新订阅。",
    backToSite: "前往网站",
  },
  es: {
    mailSubject: "Confirme su suscripción al boletín de {estate}",
    mailIntro: "Gracias por suscribirse al boletín de {estate}. Para confirmar su dirección, abra este enlace:",
    mailIgnore: "Si no ha sido usted, ignore este mensaje: sin confirmación no recibirá nada.",
    mailUnsubscribe: "Para darse de baja en cualquier momento:",
    confirmTitle: "Confirme su suscripción",
    confirmText: "Pulse el botón de abajo para confirmar que desea recibir el boletín de {estate} en esta dirección.",
    confirmButton: "Confirmar mi suscripción",
    unsubscribeTitle: "Darse de baja del boletín",
    unsubscribeText: "Pulse el botón de abajo y esta dirección dejará de recibir el boletín de {estate}.",
    unsubscribeButton: "Darme de baja",
    confirmedTitle: "Suscripción confirmada",
    confirmedText: "¡Gracias! A partir de ahora recibirá las novedades de {estate}: nuevas añadas, eventos y la vida en la finca.",
    unsubscribedTitle: "Se ha dado de baja",
    unsubscribedText: "Esta dirección ya no recibirá el boletín de {estate}. Puede volver a suscribirse cuando quiera en nuestra web.",
    notSubscribedTitle: "Esta dirección no está suscrita",
    notSubscribedText: "Esta dirección se dio de baja. Para volver a recibir el boletín, suscríbase de nuevo en nuestra web.",
    invalidTitle: "Este enlace no es válido",
    invalidText: "Puede que el enlace esté incompleto o haya caducado. Copie el enlace completo del correo o vuelva a suscribirse en nuestra web.",
    backToSite: "Ir a la web",
  },
  ja: {
    mailSubject: "{estate} ニュースレターご登録の確認",
    mailIntro: "{estate}のニュースレターにご登録いただき、ありがとうございます。以下のリンクを開いて、メールアドレスの確認を完了してください。",
    mailIgnore: "お心当たりのない場合は、このメールを破棄してください。確認が完了しない限り、ニュースレターが届くことはありません。",
    mailUnsubscribe: "配信停止は、いつでも以下のリンクから行えます。",
    confirmTitle: "ご登録の確認",
    confirmText: "このアドレスで{estate}のニュースレターを受け取るには、下のボタンを押して登録を確定してください。",
    confirmButton: "登録を確定する",
    unsubscribeTitle: "ニュースレターの配信停止",
    unsubscribeText: "下のボタンを押すと、このアドレスへの{estate}のニュースレターの配信を停止します。",
    unsubscribeButton: "配信を停止する",
    confirmedTitle: "ご登録が完了しました",
    confirmedText: "ありがとうございます。{estate}から、新しいヴィンテージやイベント、シャトーの近況をお届けします。",
    unsubscribedTitle: "配信を停止しました",
    unsubscribedText: "このアドレスには今後、{estate}のニュースレターは届きません。当サイトからいつでも再登録いただけます。",
    notSubscribedTitle: "このアドレスは登録されていません",
    notSubscribedText: "このアドレスは配信停止済みです。再びニュースレターを受け取るには、当サイトから改めてご登録ください。",
    invalidTitle: "このリンクは無効です",
    invalidText: "リンクが途中で切れているか、古くなっている可能性があります。メールからリンク全体をコピーするか、当サイトから改めてご登録ください。",
    backToSite: "サイトへ戻る",
  },
};

/** The string with the estate's name filled in. */
export function fill(text: string, estate: string): string {
  return text.replaceAll("{estate}", estate);
}

/** The visitor's preferred language among the site's, from an Accept-Language header; English otherwise. */
export function languageFromHeader(header: string | undefined): Language {
  if (!header) return "en";
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { lang: tag.trim().toLowerCase().split("-")[0] ?? "", q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.q > 0 && Number.isFinite(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const match = ranked.find((entry) => isLanguage(entry.lang));
  return match && isLanguage(match.lang) ? match.lang : languages[0];
}
